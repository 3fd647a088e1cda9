// Entry point of /tables/<id>/: the waiting room until the game starts, then the live board.

import { GameView } from "./game-view.js";
import { RematchPanel } from "./rematch.js";
import { WaitingRoom } from "./waiting-room.js";

const root = document.getElementById("table-app");
const table = JSON.parse(document.getElementById("table-data").textContent);
const botLevels = JSON.parse(document.getElementById("bot-levels").textContent);
const username = root.dataset.username || null;
const confirmMoves = root.dataset.confirmMoves === "true";

function showGame(gameId) {
  document.body.classList.add("is-playing");
  const panel = new RematchPanel(document.getElementById("rematch-panel"), { gameId, username });
  const view = new GameView(root, { gameId, username, confirmMoves, onMessage: (message, connection) => panel.onMessage(message, connection) });
  view.start();
}

if (table.game) {
  showGame(table.game);
} else {
  new WaitingRoom(root, { table, username, botLevels, onStarted: (gameId) => showGame(gameId) }).start();
}
