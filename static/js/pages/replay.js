// Entry point of /games/<id>/replay.

import { ReplayView } from "./replay-view.js";

const root = document.getElementById("replay-app");
const data = JSON.parse(document.getElementById("replay-data").textContent);
new ReplayView(root, data).start();
