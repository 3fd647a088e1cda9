// The classic end screen: ranks, each player's points from walls and floors, the end bonuses the engine
// itemised (result.bonuses, R23), the fairness block and the links onwards.

import { renderRatingChanges, renderRoundBreakdown } from "../shared/breakdown.js";
import { h } from "../shared/dom.js";
import { renderFairness } from "../shared/fairness.js";
import { seatName } from "../shared/names.js";
import { abortedHeading, endedByNote } from "../shared/outcome.js";
import { gettext, ngettext, fmt } from "../shared/i18n.js";

function bonusParts(bonus) {
  return [
    bonus.rows && fmt(ngettext("%(count)s row", "%(count)s rows", bonus.rows), { count: bonus.rows }),
    bonus.columns && fmt(ngettext("%(count)s column", "%(count)s columns", bonus.columns), { count: bonus.columns }),
    bonus.colors && fmt(ngettext("%(count)s colour", "%(count)s colours", bonus.colors), { count: bonus.colors }),
  ].filter(Boolean);
}

export function renderEndScreen(view) {
  const { state, result } = view;
  const scores = result && Array.isArray(result.scores) ? result.scores : state.boards.map((board) => board.score);
  const ranks = result && Array.isArray(result.ranks) ? result.ranks : null;
  const bonuses = (result && result.bonuses) || [];
  const order = state.boards.map((_b, index) => index).sort((a, b) => (ranks ? ranks[a] - ranks[b] : scores[b] - scores[a]));
  const winners = view.winners || [];
  const names = winners.map((index) => seatName(view.seats[index], index));
  const endedBy = endedByNote(result);
  const rows = order.map((index) => {
    const bonus = bonuses[index] || { points: 0 };
    const parts = bonusParts(bonus);
    return h("tr", { class: winners.includes(index) && "is-winner", "data-final-for": String(index) }, [
      h("td", { text: ranks ? String(ranks[index]) : "" }),
      h("td", { class: "endscreen__name", text: seatName(view.seats[index], index) }),
      h("td", { text: String(scores[index] - bonus.points) }),
      h("td", {}, [h("span", { text: `+${bonus.points}` }), parts.length ? h("span", { class: "muted endscreen__detail", text: ` ${parts.join(", ")}` }) : null]),
      h("td", { class: "final-score", text: String(scores[index]) }),
    ]);
  });
  return h("section", { class: "endscreen", "data-endscreen": "", "aria-label": gettext("Final result") }, [
    h("h2", { text: abortedHeading(view, result) || (winners.length > 1 ? fmt(gettext("Shared victory: %(names)s"), { names: names.join(" & ") }) : (names.length ? fmt(gettext("%(name)s wins"), { name: names[0] }) : gettext("Nobody wins")) + endedBy) }),
    h("table", { class: "endscreen__table" }, [
      h("thead", {}, h("tr", {}, ["#", gettext("Player"), gettext("Walls & floors"), gettext("End bonus"), gettext("Final")].map((label) => h("th", { scope: "col", text: label })))),
      h("tbody", {}, rows),
    ]),
    // The rematch offer, right under the result (pages/rematch.js moves its panel in here).
    h("div", { class: "endscreen__rematch", "data-rematch-slot": "", "data-filled-elsewhere": "" }),
    renderRatingChanges(view.ratingChanges, view.seats, view.rated),
    // Each player's accuracy once the game is analysed (pages/end-analysis.js moves its panel in).
    h("div", { class: "endscreen__analysis", "data-analysis-slot": "", "data-filled-elsewhere": "" }),
    renderRoundBreakdown(view.rounds, view.seats, [["wall", gettext("wall")], ["floor", gettext("floor")], ["end", gettext("bonus")]]),
    renderFairness({ commitment: view.commitment, seed: view.seed, salt: view.salt, check: view.commitmentCheck }),
    h("p", {}, [
      view.gameId ? h("a", { class: "button button--quiet", href: `/games/${view.gameId}/replay`, "data-replay-link": "", text: gettext("Replay") }) : null,
      " ",
      h("a", { class: "button", href: "/lobby/", text: gettext("Back to the lobby") }),
    ]),
  ]);
}
