// The Azul Duel end screen: ranks, the objective points of each player, the final scores, and the
// fairness block shared with the classic board (commitment, seed, salt and the browser's check).

import { renderRatingChanges, renderRoundBreakdown } from "../shared/breakdown.js";
import { h } from "../shared/dom.js";
import { renderFairness } from "../shared/fairness.js";
import { seatName } from "../shared/names.js";
import { abortedHeading, endedByNote } from "../shared/outcome.js";
import { gettext, fmt } from "../shared/i18n.js";

export function renderDuelEndScreen(view) {
  const { state, result } = view;
  const ranks = result && Array.isArray(result.ranks) ? result.ranks : state.boards.map(() => null);
  const order = state.boards.map((_b, i) => i).sort((a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0));
  const winners = view.winners || [];
  const names = winners.map((index) => seatName(view.seats[index], index));
  const endedBy = endedByNote(result);
  const objectives = (result && result.objectives) || [];
  const rows = order.map((index) =>
    h("tr", { class: winners.includes(index) && "is-winner", "data-final-for": String(index) }, [
      h("td", { text: ranks[index] === null ? "" : String(ranks[index]) }),
      h("td", { class: "endscreen__name", text: seatName(view.seats[index], index) }),
      h("td", { text: (objectives[index] || []).map((o) => `${o.tablet}${o.side}: ${o.points}`).join(", ") }),
      h("td", { class: "final-score", text: String(result && result.scores ? result.scores[index] : state.boards[index].score) }),
    ]),
  );
  return h("section", { class: "endscreen", "data-endscreen": "", "aria-label": gettext("Final result") }, [
    h("h2", { text: abortedHeading(view, result) || (winners.length > 1 ? fmt(gettext("Shared victory: %(names)s"), { names: names.join(" & ") }) : (names.length ? fmt(gettext("%(name)s wins"), { name: names[0] }) : gettext("Nobody wins")) + endedBy) }),
    h("table", { class: "endscreen__table" }, [
      h("thead", {}, h("tr", {}, ["#", gettext("Player"), gettext("Objectives"), gettext("Final")].map((label) => h("th", { scope: "col", text: label })))),
      h("tbody", {}, rows),
    ]),
    // The rematch offer, right under the result (pages/rematch.js moves its panel in here).
    h("div", { class: "endscreen__rematch", "data-rematch-slot": "", "data-filled-elsewhere": "" }),
    renderRatingChanges(view.ratingChanges, view.seats, view.rated),
    // Each player's accuracy once the game is analysed (pages/end-analysis.js moves its panel in).
    h("div", { class: "endscreen__analysis", "data-analysis-slot": "", "data-filled-elsewhere": "" }),
    renderRoundBreakdown(view.rounds, view.seats, [["wall", gettext("dome")], ["floor", gettext("broken")], ["plates", gettext("plates")], ["end", gettext("objectives")]]),
    renderFairness({ commitment: view.commitment, seed: view.seed, salt: view.salt, check: view.commitmentCheck }),
    h("p", {}, [
      view.gameId ? h("a", { class: "button button--quiet", href: `/games/${view.gameId}/replay`, "data-replay-link": "", text: gettext("Replay") }) : null,
      " ",
      h("a", { class: "button", href: "/lobby/", text: gettext("Back to the lobby") }),
    ]),
  ]);
}
