// What a game page asks before it acts for the player (resign, abort), and the tab's title that tells
// a player in another tab that it is their move.

import { api } from "../shared/api.js";
import { fmt, gettext } from "../shared/i18n.js";

export function resignAfterAsking(connection) {
  if (window.confirm(gettext("Resign this game?"))) connection.resign();
}

// The server broadcasts the aborted game to every page, this one included. Returns the reason the
// server refused, or null.
export async function abortAfterAsking(gameId) {
  if (!window.confirm(gettext("Abort this game? Nobody wins and nobody is rated."))) return null;
  try {
    await api.abort(gameId);
    return null;
  } catch (error) {
    return error.detail || gettext("The game could not be aborted.");
  }
}

// A signed-in page's your-turn badge owns the title instead: it counts every game waiting.
let baseTitle;
export function showTurnInTitle(myMove) {
  if (document.querySelector("[data-your-turn-badge]")) return;
  if (baseTitle === undefined) baseTitle = document.title;
  document.title = myMove ? fmt(gettext("● Your move · %(baseTitle)s"), { baseTitle }) : baseTitle;
}
