// Entry point of /games/<id>/replay.

import { ChatPanel } from "../social/chat-panel.js";
import { ReplayView } from "./replay-view.js";

const root = document.getElementById("replay-app");
const data = JSON.parse(document.getElementById("replay-data").textContent);
new ReplayView(root, data).start();

const chatRoot = document.getElementById("chat-panel");
new ChatPanel(chatRoot, { gameId: Number(chatRoot.dataset.gameId), username: chatRoot.dataset.username || null }).start();
