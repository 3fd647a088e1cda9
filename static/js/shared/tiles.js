// One tile as HTML: a colour (with its letter and pattern), the first-player marker, or one of Azul
// Duel's cell kinds (wild, special). Both boards and the rules pages draw every tile through here.

import { LETTERS, colourName } from "./colours.js";
import { h } from "./dom.js";
import { gettext, fmt } from "./i18n.js";

// Duel's dome cells that are not a colour: a wild cell takes any colour, a special cell fills itself.
export const KIND_SYMBOLS = { ...LETTERS, wild: "★", special: "◆" };

export function kindName(kind) {
  if (kind === "wild") return gettext("Wild");
  if (kind === "special") return gettext("Special");
  return colourName(kind);
}

// `tag`: "span" for a picture, "button" when it can be picked; `extraClass`: more classes;
// `props`: attributes and handlers passed to the element builder.
export function tileElement(kind, { tag = "span", extraClass = null, props = {}, label = null } = {}) {
  return h(
    tag,
    {
      class: ["tile", `tile--${kind}`, extraClass],
      title: kindName(kind),
      "aria-label": label || fmt(gettext("%(kind)s tile"), { kind: kindName(kind) }),
      // A drawn tile is a picture; a button keeps its own role.
      role: tag === "span" ? "img" : undefined,
      ...props,
    },
    h("span", { class: "tile__letter", text: KIND_SYMBOLS[kind] || "?", "aria-hidden": "true" }),
  );
}

export function markerElement(extraClass = null, title = gettext("First-player marker")) {
  return h(
    "span",
    { class: ["tile", "tile--marker", extraClass], title, role: "img", "aria-label": title },
    h("span", { class: "tile__letter", text: "1", "aria-hidden": "true" }),
  );
}
