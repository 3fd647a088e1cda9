// A profile's "Challenge": POST /api/v1/challenges with the chosen game, clock and rating, then
// the new table (the invited player accepts from their invitations; a bot's game is already on).
// An end screen links here with #challenge, which opens the choices at once.

import { apiRequest } from "../shared/api.js";
import { gettext } from "../shared/i18n.js";
import { readChoices } from "../shared/quick-choices.js";

const panel = document.querySelector("[data-challenge]");
if (panel) {
  const status = panel.querySelector('[data-testid="challenge-status"]');
  if (window.location.hash === "#challenge") panel.open = true;
  panel.querySelector('[data-testid="challenge-send"]').addEventListener("click", async () => {
    status.textContent = gettext("Opening the table…");
    try {
      const answer = await apiRequest("POST", "/challenges", { username: panel.dataset.challenge, ...readChoices(panel) });
      window.location.assign(answer.url);
    } catch (error) {
      status.textContent = error.detail || String(error);
    }
  });
}
