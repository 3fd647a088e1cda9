// The header's "Your turn" badge, on every page of a logged-in user: /ws/me/ sends the list of
// games waiting for our move after every change; the badge, the tab title ("(2) Your move — …")
// and, when the sound setting is on, the your-turn sound follow it. On a table's page the title
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
  const show = (games) => {
    const n = games.length;
    if (n > shown) play("your-turn"); // when the sound setting is on (shared/sound.js)
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
      if (message.type === "your_turn") show(message.games);
      document.dispatchEvent(new CustomEvent("me-feed", { detail: message })); // inbox-badge.js
    });
    socket.addEventListener("close", (event) => {
      const delay = backoff.afterClose(event.code);
      if (delay !== null) window.setTimeout(connect, delay);
    });
  };
  connect();
}
