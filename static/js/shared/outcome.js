// Words for how a game ended that both end screens share.

import { seatName } from "./names.js";

// An aborted game (a clock ran out before that player's first move) has no winner and no rating.
export function abortedHeading(view, result) {
  if (!result || result.ended_by !== "aborted") return null;
  const index = result.aborted_by;
  return `Game aborted: ${seatName(view.seats[index], index)} made no first move in time. Unrated.`;
}
