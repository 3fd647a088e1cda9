// The fair-bag block of an end screen: what the check means in a sentence a player understands, the
// fingerprint published at the start and, once the game is over, the revealed shuffle with the
// browser's own check of sha256("seed:salt") (the numbers themselves folded under "The numbers").

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

export async function sha256Hex(text) {
  if (!window.crypto || !window.crypto.subtle) return null;
  const digest = await window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The verdicts, shared by the end screen and the replay page.
export function fairBagVerdict(matches) {
  return matches
    ? gettext("✓ Fair bag: the tiles came out in the order fixed before the first move.")
    : gettext("✗ The bag's order does not match the fingerprint published at the start.");
}

export function fairBagExplanation(revealed) {
  return revealed
    ? gettext("Before the first move the site published a fingerprint of the bag's shuffled order; now that the game is over, the order is revealed and your browser checks it against that fingerprint, so nobody could have changed the tiles during the game.")
    : gettext("Before the first move the site published a fingerprint of the bag's shuffled order; it is revealed when the game is over, and your browser then checks that nobody changed the tiles during the game.");
}

function labelled(label, part, value) {
  return h("div", {}, [h("span", { class: "muted", text: `${label} ` }), h("code", { "data-fairness": part, text: value })]);
}

export function renderFairness({ commitment, seed, salt, check }) {
  const revealed = seed !== null && seed !== undefined;
  const numbers = [];
  if (commitment) numbers.push(labelled(gettext("fingerprint"), "commitment", commitment));
  if (revealed) {
    numbers.push(labelled(gettext("shuffle number"), "seed", String(seed)), labelled(gettext("secret padding"), "salt", String(salt ?? "")));
  }
  return h("div", { class: "fairness" }, [
    h("p", { class: "fairness__check", "data-commitment-check": "", text: check || "" }),
    h("p", { class: "fairness__about muted", text: fairBagExplanation(revealed) }),
    numbers.length ? h("details", { class: "fairness__numbers" }, [h("summary", { text: gettext("The numbers") }), ...numbers]) : null,
  ]);
}
