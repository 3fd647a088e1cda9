// Entry point of /learn/tutorial/<key>/: the scripted game and its coach.

import { TutorialView } from "./tutorial-view.js";

const app = document.getElementById("tutorial-app");
const position = JSON.parse(document.getElementById("tutorial-position").textContent);
const view = new TutorialView(app.querySelector("[data-testid=tutorial-board]"), {
  key: app.dataset.tutorial,
  position,
  coach: app.querySelector("[data-testid=coach]"),
});
view.start();
