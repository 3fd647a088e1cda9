// Confirm and undo: a move shown before it is sent, with Confirm and Change (Escape).

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

export function renderProposal(text, { onConfirm, onChange }) {
  return h("div", { class: "proposal", role: "group", "aria-label": gettext("Confirm your move"), "data-proposal": "" }, [
    h("span", { class: "proposal__text", text }),
    h("button", { type: "button", class: "button", "data-confirm": "", onclick: onConfirm, text: gettext("Confirm") }),
    h("button", { type: "button", class: "button button--quiet", "data-undo": "", "aria-keyshortcuts": "Escape", onclick: onChange, text: gettext("Change (Esc)") }),
  ]);
}
