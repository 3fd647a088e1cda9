// Where the keyboard focus goes after a game page redraws: the same element if it is still there,
// else, when a decision became the player's (focusNext), the next one: Confirm, then the targets of
// the selection, then the ruleset's own first choice, then any choice.

import { findByFocusKey, focusFirst } from "../shared/focus.js";

const DECISION = "[data-confirm], [data-player] [data-target], [data-pick], [data-choice]";
const TARGETS = "[data-player] [data-target], [data-player] [data-choice], [data-choice=order]";

// focusKey: the key of what had the focus before the redraw (shared/focus.js); inside: whether the
// focus was in the game (or nowhere), so a player typing in the chat keeps their place.
export function restoreDecisionFocus(host, { focusKey, inside, focusNext, selected, table }) {
  const again = findByFocusKey(host, focusKey);
  if (focusNext && inside) {
    if (focusFirst(host, "[data-confirm]")) return;
    if (selected && focusFirst(host, TARGETS)) return;
    if (table.focusChoice(host)) return;
    if (focusFirst(host, DECISION)) return;
  }
  if (again) again.focus({ preventScroll: true });
  else if (focusKey && inside) focusFirst(host, DECISION);
}
