// Words for how a game ended that both end screens share.

import { seatName } from "./names.js";
import { gettext, fmt } from "./i18n.js";

// An aborted game (a clock ran out before that player's first move, or a player pressed Abort
// before everyone had moved) has no winner and no rating.
export function abortedHeading(view, result) {
  if (!result || result.ended_by !== "aborted") return null;
  const index = result.aborted_by;
  const seat = view.seats[index];
  if (seat && seat.left_reason === "abort") {
    return fmt(gettext("Game aborted by %(seatName)s before everyone had moved. Unrated."), { seatName: seatName(seat, index) });
  }
  return fmt(gettext("Game aborted: %(seatName)s made no first move in time. Unrated."), { seatName: seatName(view.seats[index], index) });
}

// How a game cut short ended, in the page's language: " (ended by resignation)", or "".
const ENDINGS = { resign: gettext("resignation"), abandon: gettext("abandonment"), timeout: gettext("timeout") };

export function endedByNote(result) {
  if (!result || !result.ended_by || result.ended_by === "normal" || result.ended_by === "aborted") return "";
  return fmt(gettext(" (ended by %(ended_by)s)"), { ended_by: ENDINGS[result.ended_by] || result.ended_by });
}
