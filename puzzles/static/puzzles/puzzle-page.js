// Entry point of the puzzle pages (/puzzles/, /puzzles/daily/, /puzzles/streak/, /puzzles/<id>/).

import { PuzzleView } from "./puzzle-view.js";

const root = document.getElementById("puzzle-app");
const puzzle = JSON.parse(document.getElementById("puzzle-data").textContent);
new PuzzleView(root, puzzle, { mode: root.dataset.mode, theme: root.dataset.theme, loggedIn: root.dataset.loggedIn === "true" }).start();
