// The replay page's part of the analysis board: the button that opens the position shown on the board
// (finished games, signed-in users not playing a rated game: the server decides, replay_views.py), and
// the comments of the viewer's boards on the positions the game reached.

import { apiRequest } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { fmt, gettext } from "../shared/i18n.js";

async function openBoard(gameId, step, button) {
  button.disabled = true;
  try {
    const board = await apiRequest("POST", "/boards", { game: gameId, at: step });
    window.location.assign(board.url);
  } catch (error) {
    button.disabled = false;
    button.after(h("span", { class: "alert", role: "alert", text: error.detail || gettext("The server refused that.") }));
  }
}

// data: {offer, comments: [{ply, comment, url}]}; null when there is nothing to show at `step`.
export function renderReplayBoard(gameId, data, step) {
  const comments = (data.comments || []).filter((item) => item.ply === step);
  const items = [];
  if (data.offer) {
    const button = h("button", { type: "button", class: "button", "data-testid": "replay-open-board", text: gettext("Analyse this position on the board") });
    button.addEventListener("click", () => openBoard(gameId, step, button));
    items.push(h("div", { class: "board-offer" }, [button]));
  }
  if (comments.length) {
    items.push(h("section", { class: "replay-comments", "data-testid": "replay-comments", "aria-label": gettext("Your comments on this position") },
      comments.map((item) => h("p", {}, [
        h("span", { "data-testid": "replay-comment", text: item.comment }),
        " ",
        h("a", { href: item.url, text: fmt(gettext("(on the board, move %(ply)s)"), { ply: item.ply }) }),
      ]))));
  }
  return items.length ? h("div", { class: "replay-board-links" }, items) : null;
}
