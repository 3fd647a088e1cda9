// Entry point of /tables/<id>/: the waiting room until the game starts, then the live board.

import "../shared/nav-menu.js";
import { ChatPanel } from "../social/chat-panel.js";
import { InvitePanel } from "../social/invite-panel.js";
import { EndAnalysisPanel } from "./end-analysis.js";
import { GameView } from "./game-view.js";
import { NextGamePanel } from "./next-game.js";
import { RematchPanel } from "./rematch.js";
import { WaitingRoom } from "./waiting-room.js";

const root = document.getElementById("table-app");
const table = JSON.parse(document.getElementById("table-data").textContent);
const botLevels = JSON.parse(document.getElementById("bot-levels").textContent);
const username = root.dataset.username || null;
const confirmMoves = root.dataset.confirmMoves === "true";

const chatRoot = document.getElementById("chat-panel");
const inviteRoot = document.getElementById("invite-panel");

function showGame(gameId, seats) {
  document.body.classList.add("is-playing");
  const panel = new RematchPanel(document.getElementById("rematch-panel"), { gameId, username });
  const next = new NextGamePanel(document.getElementById("next-game-panel"), { table, username });
  const analysis = new EndAnalysisPanel(document.getElementById("end-analysis-panel"), { gameId });
  const view = new GameView(root, { gameId, username, confirmMoves, onMessage: (message, connection) => { panel.onMessage(message, connection); next.onMessage(message); analysis.onMessage(message); } });
  view.start();
  new MutationObserver(() => { panel.place(); analysis.place(); }).observe(root, { childList: true, subtree: true });
  inviteRoot.hidden = true;
  const seated = Boolean(username) && (seats || []).some((seat) => seat.username === username);
  chatRoot.hidden = false;
  new ChatPanel(chatRoot, { gameId, username, connection: view.connection, channel: seated ? "players" : "spectators" }).start();
}

if (table.game) {
  showGame(table.game, table.seats);
} else {
  new WaitingRoom(root, { table, username, botLevels, onStarted: (gameId, started) => showGame(gameId, (started || table).seats) }).start();
  if (username && table.seats.some((seat) => seat.username === username)) new InvitePanel(inviteRoot, { tableId: table.id }).start();
}
