// Keeps a tournament's page current without a reload: the tournament feed
// (/ws/tournaments/<id>/) sends the state, standings and pairings after every change, its first
// message on every (re)connect; shared/live-regions.js patches the page's live regions from a
// fresh read. ("Your game is ready" comes on the user feed: shared/tournament-game.js.) Forms
// marked data-confirm ask first.

import { keepLive } from "../shared/live-regions.js";

const app = document.getElementById("tournament-live");
if (app) {
  const code = app.dataset.code ? `?code=${encodeURIComponent(app.dataset.code)}` : "";
  const isState = (message) => message.type === "tournament";
  keepLive(app, {
    path: `/ws/tournaments/${app.dataset.tournamentId}/${code}`,
    opens: isState,
    changes: isState,
    coalesceMs: 200, // a round ending pairs the next
  });
}

document.addEventListener("submit", (event) => {
  const question = event.target.dataset?.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
