// "Your game is ready": when the user feed (/ws/me/, opened by your-turn-badge.js, which passes
// every message on as a "me-feed" event) brings {"type": "tournament_game", "tournament", "name",
// "table", "url"}, a banner shows on whatever page the player is on, with a countdown and a
// button that opens the table. On that tournament's own page the table opens by itself when the
// countdown ends (the player came to play); elsewhere the banner waits for the click.

import { h, listen } from "./dom.js";
import { fmt, gettext } from "./i18n.js";

const OPEN_AFTER_SECONDS = 5;
const shown = new Set(); // tables announced already (the tournament's own socket may repeat one)

function onTournamentPage(tournamentId) {
  const live = document.getElementById("tournament-live");
  return Boolean(live) && Number(live.dataset.tournamentId) === tournamentId;
}

function onTablePage(tableId) {
  const table = document.querySelector("#table-app[data-table-id]");
  return Boolean(table) && Number(table.dataset.tableId) === tableId;
}

function announce(message) {
  if (shown.has(message.table) || onTablePage(message.table)) return;
  shown.add(message.table);
  const opens = onTournamentPage(message.tournament);
  const url = message.url || `/tables/${message.table}/`;
  const seconds = h("strong", { class: "game-ready__count", "data-testid": "game-ready-countdown" }, String(OPEN_AFTER_SECONDS));
  const close = h("button", { type: "button", class: "link-button game-ready__close", "aria-label": gettext("Dismiss") }, "×");
  const banner = h("div", { class: "game-ready", role: "alert", "data-testid": "game-ready", "data-table": message.table }, [
    h("p", { class: "game-ready__text" }, [
      fmt(gettext("Your game in %(name)s is ready."), { name: message.name }), " ",
      opens ? gettext("It opens in") : gettext("Open it now:"), " ", seconds, " ", gettext("s"),
    ]),
    h("a", { class: "button game-ready__open", href: url, "data-testid": "game-ready-open" }, gettext("Open the table")),
    close,
  ]);
  document.body.prepend(banner);
  let left = OPEN_AFTER_SECONDS;
  const timer = window.setInterval(() => {
    left -= 1;
    seconds.textContent = String(Math.max(left, 0));
    if (left > 0) return;
    window.clearInterval(timer);
    if (opens) window.location.assign(url);
  }, 1000);
  listen(close, "click", () => {
    window.clearInterval(timer);
    banner.remove();
  });
}

document.addEventListener("me-feed", (event) => {
  const message = event.detail;
  if (message && message.type === "tournament_game" && Number.isInteger(message.table)) announce(message);
});
