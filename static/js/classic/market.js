// The classic market: factory displays around the centre of the table. Components that draw from plain
// data (a factory's tiles, the centre's tiles), so the rules pages draw with them too; the live board
// passes what may be picked, what is selected and what moved last.

import { COLOURS, colourName, tilesOfColour } from "../shared/colours.js";
import { fromSource } from "./describe.js";
import { h } from "../shared/dom.js";
import { markerElement, tileElement } from "../shared/tiles.js";
import { gettext, fmt } from "../shared/i18n.js";

function sorted(tiles) {
  return [...tiles].sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
}

function groupAttributes(source, colour, count) {
  return {
    "data-pick": "",
    "data-source": String(source),
    "data-colour": colour,
    "aria-label": fmt(gettext("%(tiles)s %(from)s"), { tiles: tilesOfColour(count, colour), from: fromSource(source) }),
  };
}

// One factory display. `tiles`: its colours; `index`: 0-based (labelled index + 1).
// options: ring (factories on the ring, to place it), pickable (colours that may be taken), selected
// (the selected colour), hinted (the colour a hint suggests), onPick(colour), last (it was the last
// move's source), label (false to hide the number).
export function renderFactory(tiles, index, { ring = 0, pickable = null, selected = null, hinted = null, onPick = null, last = false, label = true } = {}) {
  const style = {};
  if (ring) {
    const angle = (index / ring) * 2 * Math.PI - Math.PI / 2;
    style["--x"] = Math.cos(angle).toFixed(4);
    style["--y"] = Math.sin(angle).toFixed(4);
  }
  const element = h("div", {
    class: ["factory", tiles.length === 0 && "factory--empty", last && "is-last-source"],
    "data-factory": String(index),
    style,
    role: "group",
    "aria-label": (tiles.length ? fmt(gettext("Factory %(number)s"), { number: index + 1 }) : fmt(gettext("Factory %(number)s, empty"), { number: index + 1 })),
  });
  const counts = {};
  for (const colour of tiles) counts[colour] = (counts[colour] || 0) + 1;
  const drawn = new Set();
  for (const colour of sorted(tiles)) {
    const canPick = Boolean(pickable && pickable.has(colour) && onPick);
    const classes = [canPick && "is-pickable", selected === colour && "is-selected", hinted === colour && "is-hinted"].filter(Boolean).join(" ");
    // One button per group (a single stop for the keyboard); its other tiles answer the pointer too.
    const first = !drawn.has(colour);
    drawn.add(colour);
    let props = {};
    if (canPick && first) {
      props = { ...groupAttributes(index, colour, counts[colour]), type: "button", "aria-pressed": selected === colour ? "true" : "false", onclick: () => onPick(colour) };
    } else if (canPick) {
      props = { "aria-hidden": "true", onclick: () => onPick(colour) };
    }
    element.append(tileElement(colour, { tag: canPick && first ? "button" : "span", extraClass: classes, props }));
  }
  if (label) element.append(h("span", { class: "factory__label", text: String(index + 1), "aria-hidden": "true" }));
  return element;
}

// The centre of the table: its tiles grouped by colour with counts, and the first-player marker.
// options as renderFactory's, plus marker (the marker lies here).
export function renderCentre(tiles, { marker = false, pickable = null, selected = null, hinted = null, onPick = null, last = false } = {}) {
  const groups = COLOURS.map((colour) => ({ colour, count: tiles.filter((t) => t === colour).length })).filter((group) => group.count > 0);
  const element = h("div", {
    class: ["centre", last && "is-last-source"],
    "data-factory": "center",
    role: "group",
    "aria-label": gettext("Centre of the table"),
  });
  if (marker) element.append(markerElement("centre__marker"));
  for (const { colour, count } of groups) {
    const canPick = Boolean(pickable && pickable.has(colour) && onPick);
    const props = {
      class: ["centre__group", selected === colour && "is-selected", hinted === colour && "is-hinted", canPick && "is-pickable"],
      title: `${count} × ${colourName(colour)}`,
    };
    if (canPick) Object.assign(props, groupAttributes("center", colour, count), { type: "button", "aria-pressed": selected === colour ? "true" : "false", onclick: () => onPick(colour) });
    element.append(
      h(canPick ? "button" : "span", props, [
        tileElement(colour, { props: canPick ? { "aria-hidden": "true" } : {} }),
        h("span", { class: "centre__count", text: `×${count}`, "aria-hidden": canPick ? "true" : undefined }),
      ]),
    );
  }
  if (groups.length === 0 && !marker) element.append(h("span", { class: "centre__empty", text: gettext("centre") }));
  return element;
}

// Every factory on a ring around the centre. options: groups (Set of "source:colour" that may be
// picked), selection ({source, colour}), hint ({source, colour}), onPick(source, colour), lastSource.
export function renderMarket(state, { groups = null, selection = null, hint = null, onPick = null, lastSource = null } = {}) {
  const count = state.factories.length;
  const colourOf = (choice, source) => (choice && String(choice.source) === String(source) ? choice.colour : null);
  const pickableAt = (source) => (groups ? new Set(COLOURS.filter((colour) => groups.has(`${source}:${colour}`))) : null);
  const ring = h("div", { class: `market__ring market__ring--${count}` });
  state.factories.forEach((tiles, index) =>
    ring.append(
      renderFactory(tiles, index, {
        ring: count,
        pickable: pickableAt(index),
        selected: colourOf(selection, index),
        hinted: colourOf(hint, index),
        onPick: onPick && ((colour) => onPick(index, colour)),
        last: lastSource !== null && String(lastSource) === String(index),
      }),
    ),
  );
  ring.append(
    renderCentre(state.center, {
      marker: state.marker === "center",
      pickable: pickableAt("center"),
      selected: colourOf(selection, "center"),
      hinted: colourOf(hint, "center"),
      onPick: onPick && ((colour) => onPick("center", colour)),
      last: lastSource === "center",
    }),
  );
  return h("section", { class: "market", "data-nav": "", "aria-label": gettext("Factories and centre") }, ring);
}
