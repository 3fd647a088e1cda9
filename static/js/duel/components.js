// The pieces of an Azul Duel board, each drawn from plain data (the engine's Duel JSON), so the rules
// pages draw with them too: chips, plates, dome cells, the dome, pattern lines, the broken tiles and the
// objectives. The live board (board.js) passes what is lit (from payload.legal_moves) and what moved.

import { colourName } from "../shared/colours.js";
import { h } from "../shared/dom.js";
import { KIND_SYMBOLS, kindName, tileElement } from "../shared/tiles.js";
import { rotatedCells } from "./plates.js";
import { gettext, fmt } from "../shared/i18n.js";

export const BROKEN_COSTS = [-1, -2, -3, -4];

export const OBJECTIVES = {
  "1A": gettext("3 per complete row"),
  "1B": gettext("4 per row with 5 colours"),
  "2A": gettext("7 per complete column"),
  "2B": gettext("1 per tile on the edge"),
  "3A": gettext("10 per complete diagonal"),
  "3B": gettext("3 per top corner plate, 8 per bottom one"),
  "4A": gettext("2 per wild cell if all are filled"),
  "4B": gettext("−3 per empty special cell"),
};

// A lit element reacts to click, Enter and Space (buttons do natively; this is for grid cells).
export function activate(props, onPick) {
  return Object.assign(props, {
    role: "button",
    tabindex: "0",
    onclick: onPick,
    onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onPick();
      }
    },
  });
}

export function firstPlayerTile(extraClass = null) {
  return h(
    "span",
    { class: ["tile", "tile--marker", extraClass], title: gettext("First-player tile (−2 at the round's end)"), role: "img", "aria-label": gettext("First-player tile") },
    h("span", { class: "tile__letter", text: "1", "aria-hidden": "true" }),
  );
}

// A bonus chip: `name` like "blue" or "red+white" (two colours), null when face down.
export function chipElement(name, { class: extraClass, ...props } = {}) {
  const colours = name ? name.split("+") : [];
  return h(
    props.onclick ? "button" : "span",
    {
      title: name ? fmt(gettext("Bonus chip: %(colours)s"), { colours: colours.map(colourName).join(" or ") }) : gettext("Bonus chip (face down)"),
      "aria-label": name ? fmt(gettext("Bonus chip: %(colours)s"), { colours: colours.map(colourName).join(" or ") }) : gettext("Bonus chip, face down"),
      type: props.onclick ? "button" : undefined,
      role: props.onclick ? undefined : "img",
      ...props,
      class: ["chip", colours.length === 2 && "chip--two", !name && "chip--down", extraClass],
    },
    name ? colours.map((colour) => h("span", { class: `chip__half tile--${colour}`, text: KIND_SYMBOLS[colour], "aria-hidden": "true" })) : h("span", { text: "?", "aria-hidden": "true" }),
  );
}

// A dome cell: a placed tile, an empty cell showing its kind faintly, or no cell (no plate there yet).
export function cellElement(kind, tile, extra = {}) {
  if (tile) return tileElement(tile, { extraClass: ["dcell", "dcell--filled", extra.class].filter(Boolean).join(" "), props: extra.props });
  if (!kind) return h("span", { class: ["dcell", "dcell--none", extra.class], ...(extra.props || {}) });
  return h(
    "span",
    { class: ["dcell", "dcell--ghost", `tile--${kind}`, extra.class], title: fmt(gettext("%(kindName)s cell"), { kindName: kindName(kind) }), ...(extra.props || {}) },
    h("span", { class: "tile__letter", text: KIND_SYMBOLS[kind], "aria-hidden": "true" }),
  );
}

// A plate (0-17) in a rotation, as its 2×2 cells; with `onclick` it is a button.
export function plateElement(plate, rotation, { class: extraClass, ...props } = {}) {
  const cells = rotatedCells(plate, rotation);
  return h(
    props.onclick ? "button" : "div",
    { title: fmt(gettext("Plate %(plate)s"), { plate: plate + 1 }), "aria-label": fmt(gettext("Plate %(plate)s"), { plate: plate + 1 }), type: props.onclick ? "button" : undefined, ...props, class: ["dplate", extraClass] },
    cells.map((kind) => cellElement(kind, null)),
  );
}

// The dome: 3×3 slots of 2×2 cells. options: slots (Set of lit slots), onSlot(slot), preview (the
// cells a selected plate would show in a lit slot: [kind ×4]), cells (Set of lit "row:column"),
// onCell(row, column), lastSlot, lastCell ("row:column"), marks ({"row:column": text}).
export function renderDome(board, { slots = null, onSlot = null, preview = null, cells = null, onCell = null, lastSlot = null, lastCell = null, marks = {} } = {}) {
  const dome = h("div", { class: "dome", role: "group", "aria-label": gettext("Dome") });
  for (let slot = 0; slot < 9; slot += 1) {
    const sr = Math.floor(slot / 3);
    const sc = slot % 3;
    const legal = Boolean(slots && slots.has(slot));
    const props = { class: ["dome__slot", board.dome[sr][sc] && "has-plate", legal && "is-legal", lastSlot === slot && "is-last"], "data-slot": String(slot) };
    if (legal && onSlot) activate(Object.assign(props, { "data-choice": "slot", "aria-label": fmt(gettext("Slot %(slot)s"), { slot: slot + 1 }) }), () => onSlot(slot));
    const element = h("div", props);
    for (let dr = 0; dr < 2; dr += 1) {
      for (let dc = 0; dc < 2; dc += 1) {
        const row = sr * 2 + dr;
        const column = sc * 2 + dc;
        let kind = board.layout[row][column];
        if (legal && !kind && preview) kind = preview[dr * 2 + dc];
        const key = `${row}:${column}`;
        const cellLegal = Boolean(cells && cells.has(key));
        const extra = { class: [cellLegal && "is-legal", lastCell === key && "is-last"].filter(Boolean).join(" "), props: { "data-cell": key } };
        if (cellLegal && onCell) activate(Object.assign(extra.props, { "data-choice": "cell", "aria-label": fmt(gettext("Row %(row)s, column %(column)s"), { row: row + 1, column: column + 1 }) }), () => onCell(row, column));
        const cell = cellElement(kind, board.grid[row][column], extra);
        if (marks[key]) cell.append(h("span", { class: "wall__mark", "data-mark": "", text: marks[key] }));
        element.append(cell);
      }
    }
    dome.append(element);
  }
  return dome;
}

// Rotated cells of a plate, for renderDome's preview.
export function platePreview(plate, rotation) {
  return rotatedCells(plate, rotation);
}

// The six pattern lines (line n holds n + 1). options: targets (lit lines or null), chosen (a line
// already chosen, still shown lit), pendingLine (the line being tiled), onPick(line), previews.
export function renderDuelLines(board, { targets = null, chosen = null, pendingLine = null, onPick = null, previews = {} } = {}) {
  const lines = h("div", { class: "dlines", role: "group", "aria-label": gettext("Pattern lines") });
  board.lines.forEach((line, row) => {
    const legal = targets !== null && targets.some((t) => String(t) === String(row));
    const props = { class: ["pline", "dline", (legal || chosen === String(row)) && "is-legal", targets !== null && !legal && "is-blocked", pendingLine === row && "is-pending"], "data-line": String(row) };
    if (legal && onPick) activate(Object.assign(props, { "data-choice": "line", "aria-label": fmt(gettext("Line %(row)s%(row2)s"), { row: row + 1, row2: previews[row] ? `; ${previews[row]}` : "" }) }), () => onPick(row));
    const element = h("div", props);
    for (let cell = 0; cell <= row; cell += 1) {
      const fromRight = row - cell; // lines fill from the dome side
      let content;
      if (fromRight < line.count) content = tileElement(line.color, { extraClass: "pline__tile" });
      else if (fromRight < line.count + (line.chips || 0)) content = h("span", { class: "slot slot--chip", title: gettext("paid with chips"), text: "◎" });
      else content = h("span", { class: "slot" });
      element.append(content);
    }
    if (legal && previews[row]) element.append(h("span", { class: "pline__preview", "data-preview": "", "aria-hidden": "true", text: previews[row] }));
    lines.append(element);
  });
  return lines;
}

// The four broken-tile spaces. options: lit, chosen, onPick, preview, mark.
export function renderBroken(broken, { lit = false, chosen = false, onPick = null, preview = null, mark = null } = {}) {
  const props = { class: ["dbroken", (lit || chosen) && "is-legal"], role: "group", "aria-label": fmt(gettext("Broken tiles%(preview)s"), { preview: preview ? `; ${preview}` : "" }) };
  if (lit && onPick) activate(Object.assign(props, { "data-choice": "line", "data-line": "broken" }), () => onPick("broken"));
  return h("div", props, [
    ...BROKEN_COSTS.map((cost, space) =>
      h("div", { class: "floor__space" }, [broken[space] ? tileElement(broken[space]) : h("span", { class: "slot" }), h("span", { class: "floor__penalty", text: String(cost) })]),
    ),
    preview ? h("span", { class: "floor__preview", "data-preview": "", "aria-hidden": "true", text: preview }) : null,
    mark ? h("span", { class: "floor__mark", "data-mark": "", text: mark }) : null,
  ]);
}

export function renderObjectives(objectives) {
  return h("section", { class: "dobjectives", "aria-label": gettext("Objectives") }, [
    h("span", { class: "dplates__title", text: gettext("Objectives") }),
    ...objectives.map((o) => h("span", { class: "dobjective", title: fmt(gettext("Tablet %(tablet)s, side %(side)s"), { tablet: o.tablet, side: o.side }) }, [h("b", { text: `${o.tablet}${o.side}` }), ` ${OBJECTIVES[`${o.tablet}${o.side}`] || ""}`])),
  ]);
}
