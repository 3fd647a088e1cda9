// Entry point of /boards/ : a pasted game record opens a new analysis board.

import { apiRequest } from "../shared/api.js";
import { gettext } from "../shared/i18n.js";

const form = document.getElementById("board-paste");
if (form) {
  const error = form.querySelector("[data-testid=board-paste-error]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    let record;
    try {
      record = JSON.parse(form.elements.record.value);
    } catch {
      error.textContent = gettext("That is not JSON: paste the whole record.");
      error.hidden = false;
      return;
    }
    try {
      const board = await apiRequest("POST", "/boards", { record, at: Number(form.elements.at.value) || 0 });
      window.location.assign(board.url);
    } catch (failure) {
      error.textContent = failure.detail || gettext("The server refused that.");
      error.hidden = false;
    }
  });
}
