// Keeps a league page current without a reload: the league feed (/ws/leagues/<id>/) says that
// something changed and shared/live-regions.js patches the page's live regions from a fresh read.

import { keepLive } from "../shared/live-regions.js";

const app = document.getElementById("league-live");
if (app) {
  keepLive(app, {
    path: `/ws/leagues/${app.dataset.leagueId}/`,
    opens: (message) => message.type === "subscribed",
    changes: (message) => message.type === "league",
    coalesceMs: 250, // a round closing opens the next
  });
}
