// The provable-fairness block of an end screen: the commitment published at the start, and once the
// game is over the seed and salt with the browser's own check of sha256("seed:salt").

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

export async function sha256Hex(text) {
  if (!window.crypto || !window.crypto.subtle) return null;
  const digest = await window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function renderFairness({ commitment, seed, salt, check }) {
  const items = [];
  if (commitment) items.push(h("div", {}, [h("span", { class: "muted", text: gettext("commitment ") }), h("code", { "data-fairness": "commitment", text: commitment })]));
  if (seed !== null && seed !== undefined) {
    items.push(
      h("div", {}, [
        h("span", { class: "muted", text: gettext("seed ") }),
        h("code", { "data-fairness": "seed", text: String(seed) }),
        h("span", { class: "muted", text: gettext(" salt ") }),
        h("code", { "data-fairness": "salt", text: String(salt ?? "") }),
        h("span", { class: "fairness__check", "data-commitment-check": "", text: check ? ` ${check}` : "" }),
      ]),
    );
  }
  return h("div", { class: "fairness" }, items);
}
