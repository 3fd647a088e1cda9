// What both rulesets show above a player's board, and how a board is named for screen readers:
// presence, name, badges (you, bot, left, winner, then the ruleset's own), clock, score and, for an
// opponent's board on a phone, the button that enlarges it.

import { clockText } from "./clock.js";
import { h } from "./dom.js";
import { elideBeforeName, gettext, fmt, ngettext } from "./i18n.js";
import { seatName } from "./names.js";

export function seatBadges(view, index) {
  const seat = view.seats[index];
  const badges = [];
  if (view.me === index) badges.push(h("span", { class: "badge badge--you", text: gettext("you") }));
  if (seat && seat.is_bot) badges.push(h("span", { class: "badge", text: gettext("bot") /* the level is in the name: "Strong bot" */ }));
  if (seat && seat.left) badges.push(h("span", { class: "badge badge--left", text: seat.replaced_by ? gettext("left · bot plays") : gettext("left") }));
  if (view.winners && view.winners.includes(index)) badges.push(h("span", { class: "badge badge--winner", text: gettext("winner") }));
  return badges;
}

export function isExpanded(view, index) {
  return Boolean(view.expanded && view.expanded.has(index));
}

export function boardHead(view, index, badges) {
  const seat = view.seats[index];
  const score = view.state.boards[index].score;
  const current = !view.over && view.state.current_player === index;
  const connected = seat && view.presence && view.presence.includes(seat.username);
  const expanded = isExpanded(view, index);
  return h("header", { class: "pboard__head" }, [
    // Presence, name and badges share what the clock, score and button leave; badges wrap under.
    h("span", { class: "pboard__who" }, [
      seat && seat.is_bot ? null : h("span", { class: ["presence-dot", connected && "is-online"], title: connected ? gettext("connected") : gettext("not connected") }),
      h("span", { class: "pboard__name", text: seatName(seat, index) }),
      ...badges,
    ]),
    h("span", { class: ["clock", current && "is-running"], "data-clock-for": String(index), text: clockText(view, index) }),
    h("span", { class: "pboard__score", "data-score-for": String(index), title: gettext("Score"), "aria-label": fmt(gettext("Score %(score)s"), { score }), text: String(score) }),
    // On a phone an opponent's board is a miniature until tapped.
    view.me === index || !view.handlers || !view.handlers.toggleBoard
      ? null
      : h("button", {
          type: "button",
          class: "pboard__expand button button--quiet",
          "data-expand": String(index),
          "aria-expanded": expanded ? "true" : "false",
          "aria-label": elideBeforeName(fmt(expanded ? gettext("Shrink the board of %(name)s") : gettext("Enlarge the board of %(name)s"), { name: seatName(seat, index) }), seatName(seat, index)),
          onclick: () => view.handlers.toggleBoard(index),
          text: expanded ? "−" : "+",
        }),
  ]);
}

export function boardLabel(view, index) {
  const values = { name: seatName(view.seats[index], index), score: view.state.boards[index].score };
  const score = values.score;
  const label = view.me === index
    ? ngettext("Board of %(name)s (you), %(score)s point", "Board of %(name)s (you), %(score)s points", score)
    : ngettext("Board of %(name)s, %(score)s point", "Board of %(name)s, %(score)s points", score);
  return elideBeforeName(fmt(label, values), values.name);
}
