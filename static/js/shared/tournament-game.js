// "Your game is ready": when the user feed (/ws/me/, opened by your-turn-badge.js, which passes
// every message on as a "me-feed" event) brings {"type": "tournament_game", "tournament", "name",
// "table", "url", "deadline_at"}, a banner shows on whatever page the player is on, with a
// countdown and a button that opens the table. On that tournament's own page the table opens by
// itself when a short countdown ends (the player came to play); elsewhere the banner counts down
// to the first move's deadline (missing it loses the game) and waits for the click.

import { h, listen } from "./dom.js";
import { fmt, gettext } from "./i18n.js";

const OPEN_AFTER_MS = 5000;
const shown = new Set(); // tables announced already (the tournament's own socket may repeat one)

function onTournamentPage(tournamentId) {
  const live = document.getElementById("tournament-live");
  return Boolean(live) && Number(live.dataset.tournamentId) === tournamentId;
}

function onTablePage(tableId) {
  const table = document.querySelector("#table-app[data-table-id]");
  return Boolean(table) && Number(table.dataset.tableId) === tableId;
}

function clockText(milliseconds) {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

function announce(message) {
  if (shown.has(message.table) || onTablePage(message.table)) return;
  shown.add(message.table);
  const opens = onTournamentPage(message.tournament);
  const url = message.url || `/tables/${message.table}/`;
  const until = opens ? Date.now() + OPEN_AFTER_MS : message.deadline_at ? Date.parse(message.deadline_at) : null;
  const text = h("p", { class: "game-ready__text" });
  const words = (left) => {
    const time = clockText(left);
    if (opens) return fmt(gettext("Your game in %(name)s is ready: it opens in %(time)s."), { name: message.name, time });
    if (until === null) return fmt(gettext("Your game in %(name)s is ready."), { name: message.name });
    return fmt(gettext("Your game in %(name)s is ready: your first move is due in %(time)s."), { name: message.name, time });
  };
  const close = h("button", { type: "button", class: "link-button game-ready__close", "aria-label": gettext("Dismiss") }, "×");
  const banner = h("div", { class: "game-ready", role: "alert", "data-testid": "game-ready", "data-table": message.table }, [
    text,
    h("a", { class: "button game-ready__open", href: url, "data-testid": "game-ready-open" }, gettext("Open the table")),
    close,
  ]);
  const tick = () => {
    const left = until === null ? 0 : until - Date.now();
    text.textContent = words(left);
    if (left > 0) return;
    window.clearInterval(timer);
    if (opens) window.location.assign(url);
  };
  const timer = window.setInterval(tick, 1000);
  tick();
  document.body.prepend(banner);
  listen(close, "click", () => {
    window.clearInterval(timer);
    banner.remove();
  });
}

document.addEventListener("me-feed", (event) => {
  const message = event.detail;
  if (message && message.type === "tournament_game" && Number.isInteger(message.table)) announce(message);
});
