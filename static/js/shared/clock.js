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

// Between two states, every clock element under `host` counts on (is-low: under 20 s of a realtime bank).
export function tickClocks(host, view) {
  for (const element of host.querySelectorAll("[data-clock-for]")) {
    const text = clockText(view, Number(element.dataset.clockFor));
    if (element.textContent !== text) element.textContent = text;
    const low = element.classList.contains("is-running") && view.clock && view.clock.kind === "realtime" && view.clock.deadline && Date.parse(view.clock.deadline) - Date.now() < 20000;
    element.classList.toggle("is-low", Boolean(low));
  }
}

// Whether the running clock has shown 0 for a second (the server may not have timed the game out yet).
export function deadlinePassed(view) {
  const deadline = view.clock && view.clock.deadline ? Date.parse(view.clock.deadline) : null;
  return !view.over && deadline !== null && Date.now() >= deadline + 1000;
}
