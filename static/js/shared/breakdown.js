// The end screen's round-by-round table: each player's points per round as the engine scored them
// (payload.rounds), and each player's rating change in rated games (whole numbers).

import { h } from "./dom.js";
import { seatName } from "./names.js";
import { gettext } from "./i18n.js";

function signed(value) {
  if (!value) return "0";
  return value > 0 ? `+${value}` : `−${-value}`;
}

// columns: [[key, label]] of the breakdown cells to show, e.g. [["wall", "wall"], ["floor", "floor"]].
export function renderRoundBreakdown(rounds, seats, columns) {
  if (!rounds || !rounds.length) return null;
  const players = rounds[0].players.length;
  const head = h("tr", {}, [h("th", { scope: "col", text: gettext("Round") }), ...Array.from({ length: players }, (_x, index) => h("th", { scope: "col", text: seatName(seats[index], index) }))]);
  const rows = rounds.map((round) =>
    h("tr", { "data-round-row": String(round.round) }, [
      h("th", { scope: "row", text: round.round === "end" ? gettext("End") : String(round.round) }),
      ...round.players.map((cell, index) => {
        const parts = columns.filter(([key]) => cell[key]).map(([key, label]) => `${label} ${signed(cell[key])}`);
        return h("td", { "data-breakdown-for": String(index) }, [
          h("span", { class: "breakdown__total", text: signed(cell.total) }),
          parts.length ? h("span", { class: "muted breakdown__parts", text: ` (${parts.join(", ")})` }) : null,
          h("span", { class: "breakdown__score", text: ` → ${cell.score}` }),
        ]);
      }),
    ]),
  );
  // Azul Duel starts every player at 5 points: the first row says so.
  const start = rounds[0].players.map((cell) => cell.score - cell.total);
  if (start.some(Boolean)) {
    rows.unshift(h("tr", { "data-round-row": "start" }, [h("th", { scope: "row", text: gettext("Start") }), ...start.map((score) => h("td", { text: String(score) }))]));
  }
  return h("details", { class: "breakdown", open: true }, [
    h("summary", { text: gettext("Round by round") }),
    h("table", { class: "endscreen__table breakdown__table" }, [h("thead", {}, head), h("tbody", {}, rows)]),
  ]);
}

// "1,734 ± 92", with "?" while provisional (the new deviation of 110 or more); a bot: no ±.
function ratingText(change) {
  const rating = Number(change.rating_after).toLocaleString(document.documentElement.lang || undefined);
  if (change.frozen || change.deviation_after == null) return rating;
  return `${rating}${change.provisional ? "?" : ""} ± ${change.deviation_after}`;
}

// ratings: [{player_index, delta, rating_after, deviation_after, provisional, frozen}] or null
// while the rating is pending.
export function renderRatingChanges(ratings, seats, rated) {
  if (!rated) return null;
  if (!ratings) return h("p", { class: "muted", "data-rating-changes": "pending", text: gettext("Rating changes: being computed…") });
  if (!ratings.length) return null;
  return h(
    "p",
    { class: "rating-changes", "data-rating-changes": "" },
    ratings.map((change) =>
      h("span", { class: "rating-change", "data-rating-for": String(change.player_index) }, [
        `${seatName(seats[change.player_index], change.player_index)}: `,
        h("b", { text: signed(change.delta) }),
        ` (${ratingText(change)}) `,
      ]),
    ),
  );
}
