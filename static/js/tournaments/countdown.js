// Every [data-countdown-to="<ISO time>"] on the page counts down to its moment, once a second:
// "2 d 03:04:05", "04:05", then "now". Elements that a live update brings in later count too
// (each tick looks them up again).

import { gettext, fmt } from "../shared/i18n.js";

const pad = (n) => String(n).padStart(2, "0");

export function countdownText(milliseconds) {
  if (milliseconds <= 0) return gettext("now");
  const total = Math.ceil(milliseconds / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const clock = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  const time = hours || days ? `${pad(hours)}:${clock}` : clock;
  return days ? fmt(gettext("%(days)s d %(time)s"), { days, time }) : time;
}

function tick() {
  const now = Date.now();
  for (const element of document.querySelectorAll("[data-countdown-to]")) {
    const text = countdownText(Date.parse(element.dataset.countdownTo) - now);
    if (element.textContent !== text) element.textContent = text;
  }
}

tick();
window.setInterval(tick, 1000);
