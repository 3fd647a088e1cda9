// Entry point of /games/<id>/replay.

import { ChatPanel } from "../social/chat-panel.js";
import { ReplayView } from "./replay-view.js";

const root = document.getElementById("replay-app");
const data = JSON.parse(document.getElementById("replay-data").textContent);
const analysisData = document.getElementById("analysis-data");
const analysis = analysisData ? JSON.parse(analysisData.textContent) : null;
const boardData = document.getElementById("board-data");
const board = boardData ? JSON.parse(boardData.textContent) : null;
new ReplayView(root, data, { analysis, board, loggedIn: root.dataset.loggedIn === "true" }).start();

const chatRoot = document.getElementById("chat-panel");
new ChatPanel(chatRoot, { gameId: Number(chatRoot.dataset.gameId), username: chatRoot.dataset.username || null }).start();
