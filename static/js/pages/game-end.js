// What the game page fetches once a game is over: the browser's own check of the revealed seed
// against the commitment, and a rated game's rating changes.

import { api } from "../shared/api.js";
import { fairBagVerdict, sha256Hex } from "../shared/fairness.js";

const RATING_POLL_MS = 2000;
const RATING_POLLS = 15;

// The line the end screen shows ("" where the browser cannot hash).
export async function commitmentCheck(message) {
  const digest = await sha256Hex(`${message.seed}:${message.salt}`);
  if (digest === null) return "";
  return fairBagVerdict(digest === message.commitment);
}

// A rated game is rated by a background task just after it ends: ask until the changes are there
// (null if they never came).
export async function ratingChanges(gameId) {
  for (let attempt = 0; attempt < RATING_POLLS; attempt += 1) {
    try {
      const answer = await api.ratingChanges(gameId);
      if (answer.rated) return answer.changes;
    } catch {
      // Try again on the next round.
    }
    await new Promise((resolve) => window.setTimeout(resolve, RATING_POLL_MS));
  }
  return null;
}
