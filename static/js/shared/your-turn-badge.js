// The header's "Your turn" badge, on every page of a logged-in user: /ws/me/ sends the list of
// games waiting for our move after every change; the badge, the tab title ("(2) Your move — …")
// and, when the sound setting is on, the your-turn sound follow it. The sound marks a turn we
// have not seen (a game at a version not in the last list), not a higher count: a reply that
// comes before the list after our own move is read leaves the count where it was. On a table's page the title
// says "Your move" only when it is our move at that table (the other games are the badge's to count).

import { Backoff } from "./backoff.js";
import { socketUrl } from "./connection.js";
import { fmt, gettext } from "./i18n.js";
import { play } from "./sound.js";

const TEXT = { title: (count, title) => fmt(gettext("(%(count)s) Your move — %(title)s"), { count, title }) };
const badge = document.querySelector("[data-your-turn-badge]");

if (badge) {
  const baseTitle = document.title;
  const count = badge.querySelector(".your-turn-badge__count");
  const tableApp = document.querySelector("#table-app[data-table-id]");
  const thisTable = tableApp ? Number(tableApp.dataset.tableId) : null;
  let shown = Number(badge.dataset.count || 0);
  let turns = null; // "game:version" of the last list; null until the feed's first one
  const show = (games) => {
    const n = games.length;
    const now = new Set(games.filter(Boolean).map((game) => `${game.game}:${game.version}`));
    const fresh = turns === null ? n > shown : [...now].some((turn) => !turns.has(turn));
    if (fresh) play("your-turn"); // when the sound setting is on (shared/sound.js)
    if (games.every(Boolean)) turns = now;
    shown = n;
    badge.dataset.count = String(n);
    count.textContent = String(n);
    const mine = thisTable === null ? n : games.some((game) => game && game.table === thisTable) ? n : 0;
    document.title = mine > 0 ? TEXT.title(mine, baseTitle) : baseTitle;
  };
  show(new Array(shown).fill(null));
  const backoff = new Backoff(1000, 30000);
  const connect = () => {
    const socket = new WebSocket(socketUrl("/ws/me/"));
    socket.addEventListener("message", (event) => {
      backoff.reset();
      const message = JSON.parse(event.data);
      if (message.type === "your_turn") {
        show(message.games);
        badge.dataset.feed = "open"; // the feed's list has come (tests wait for it)
      }
      document.dispatchEvent(new CustomEvent("me-feed", { detail: message })); // inbox-badge.js
    });
    socket.addEventListener("close", (event) => {
      const delay = backoff.afterClose(event.code);
      if (delay !== null) window.setTimeout(connect, delay);
    });
  };
  connect();
}
