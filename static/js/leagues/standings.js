// Keeps the standings table current: polls the public API and redraws the rows in place.
// Plain text only (textContent): names never become HTML.

const app = document.getElementById("standings-app");

function arrow(movement) {
  const span = document.createElement("span");
  if (movement > 0) Object.assign(span, { className: "up", textContent: "▲", title: `up ${movement}` });
  else if (movement < 0) Object.assign(span, { className: "down", textContent: "▼", title: `down ${-movement}` });
  else Object.assign(span, { className: "same", textContent: "–", title: "no change" });
  return span;
}

function cell(className, value) {
  const td = document.createElement("td");
  td.className = className;
  td.textContent = value === null || value === undefined ? "" : String(value);
  return td;
}

function render(division, tbody) {
  const rows = division.rows.map((row) => {
    const tr = document.createElement("tr");
    tr.dataset.player = row.username;
    const move = document.createElement("td");
    move.className = "move";
    move.append(arrow(row.movement));
    const player = cell("player", row.display_name + (row.withdrawn ? " (withdrawn)" : ""));
    tr.append(
      cell("place", row.place), move, player, cell("played", row.played), cell("wins", row.wins),
      cell("draws", row.draws), cell("losses", row.losses), cell("points", row.points),
      cell("score", row.score), cell("h2h", row.head_to_head),
    );
    return tr;
  });
  tbody.replaceChildren(...rows);
}

async function refresh() {
  try {
    const answer = await fetch(`/api/v1/seasons/${app.dataset.seasonId}/standings${location.search}`, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!answer.ok) return;
    const body = await answer.json();
    for (const division of body.divisions) {
      const tbody = app.querySelector(`table[data-division="${division.tier}"] tbody`);
      if (tbody) render(division, tbody);
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
}

if (app) setInterval(refresh, Number(app.dataset.pollMs) || 5000);
