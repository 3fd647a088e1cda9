// Clock texts: the running clock counts down to the server's deadline; a realtime bank otherwise.

import { fmt, gettext } from "./i18n.js";

export function formatClock(ms) {
  if (ms === null || ms === undefined) return "";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return fmt(gettext("%(days)sd %(hours)sh"), { days, hours });
  if (hours > 0) return fmt(gettext("%(hours)sh %(minutes)sm"), { hours, minutes: String(minutes).padStart(2, "0") });
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

export function clockText(view, index) {
  const clock = view.clock;
  if (!clock || clock.kind === "none" || !clock.kind) return "";
  const seat = view.seats[index];
  if (seat && seat.is_bot) return "";
  const running = !view.over && clock.current === index && clock.deadline;
  if (running) return formatClock(Date.parse(clock.deadline) - Date.now());
  if (clock.kind === "realtime" && seat && typeof seat.time_left_ms === "number") return formatClock(seat.time_left_ms);
  return "";
}
