// Entry point of /boards/<id>/ (the analysis board).

import { BoardView } from "./board-view.js";

const root = document.getElementById("board-app");
const board = JSON.parse(document.getElementById("board-data").textContent);
new BoardView(root, board, { loggedIn: root.dataset.loggedIn === "true", closed: root.dataset.closed === "true" }).start();
