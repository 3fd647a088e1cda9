// A classic player board: pattern lines, wall and floor line. Each part draws from plain data (the
// engine's board JSON), so the rules pages draw with the same components; the live board passes what
// is lit (from payload.legal_moves), the engine's previews and what moved last.

import { LETTERS, colourWord } from "../shared/colours.js";
import { h } from "../shared/dom.js";
import { markerElement, tileElement } from "../shared/tiles.js";
import { FLOOR_PENALTIES, WALL_SIZE, standardWallColour } from "./printed.js";
import { gettext, ngettext, fmt } from "../shared/i18n.js";

// A preview badge: `preview` is a text, or {text, preview} with the engine's preview (its figures go on
// data attributes, for tests and tools).
function previewBadge(preview, className) {
  if (!preview) return null;
  const text = typeof preview === "string" ? preview : preview.text;
  if (!text) return null;
  const data = typeof preview === "string" ? null : preview.preview;
  const props = { class: className, "data-preview": "", "aria-hidden": "true", text };
  if (data) {
    if (data.to_floor !== undefined) props["data-preview-to-floor"] = String(data.to_floor);
    if (data.penalty !== undefined) props["data-preview-penalty"] = String(data.penalty);
    if (data.completes !== undefined) props["data-preview-completes"] = String(data.completes);
    if (data.points) props["data-preview-points"] = data.points.join("..");
  }
  return h("span", props);
}

function previewWords(preview) {
  if (!preview) return "";
  return typeof preview === "string" ? preview : preview.sentence || preview.text;
}

// A tile drawn faintly where a move waiting for Confirm would put it.
function ghostTile(colour) {
  if (colour !== "first_player") return tileElement(colour, { extraClass: "is-ghost", props: { "aria-hidden": "true", "data-ghost": "" } });
  const marker = markerElement("is-ghost");
  marker.dataset.ghost = "";
  return marker;
}

// One pattern line (`row` 0-4 holds row + 1 tiles). options: lit (a legal destination), blocked (not
// one, while a choice is pending), pending (the gray-wall line waiting for its column), last (the last
// move's destination), hinted (a hint suggests it), onPick, preview (the engine's preview text),
// ghost ({color, count}: the line of a move waiting for Confirm, and the tiles the engine says it gets).
export function renderPatternLine(line, row, { lit = false, blocked = false, pending = false, last = false, hinted = false, onPick = null, preview = null, label = null, ghost = null } = {}) {
  const canPick = Boolean(lit && onPick);
  const props = {
    class: ["pline", lit && "is-legal", blocked && "is-blocked", pending && "is-pending", last && "is-last", hinted && "is-hinted", ghost && "is-proposed"],
    "data-line": String(row),
    "aria-label": label || (line.count ? fmt(gettext("Line %(row)s: %(count)s %(colour)s"), { row: row + 1, count: line.count, colour: colourWord(line.color) }) : fmt(gettext("Line %(row)s, empty"), { row: row + 1 })) + (preview ? `; ${previewWords(preview)}` : ""),
  };
  if (canPick) Object.assign(props, { "data-target": "line", type: "button", onclick: () => onPick(row) });
  else props.role = "group";
  if (ghost) props["data-proposed"] = "";
  const element = h(canPick ? "button" : "div", props);
  const ghosts = ghost ? ghost.count : 0;
  for (let cell = 0; cell <= row; cell += 1) {
    // Lines fill from the wall side: the rightmost cells first.
    const filled = cell >= row + 1 - line.count;
    const ghosted = !filled && cell >= row + 1 - line.count - ghosts;
    if (filled && line.color) element.append(tileElement(line.color, { extraClass: "pline__tile", props: { "aria-hidden": "true" } }));
    else element.append(ghosted ? ghostTile(ghost.color) : h("span", { class: "slot" }));
  }
  const badge = previewBadge(preview, "pline__preview");
  if (badge) element.append(badge);
  return element;
}

// All five lines of `board`. options: targets (the lit lines, as numbers, or null when no choice is
// pending), onPick(row), pendingRow, lastLine, hintedLine, previews ({row: text}), ghost ({line, color,
// count}: the move waiting for Confirm).
export function renderPatternLines(board, { targets = null, onPick = null, pendingRow = null, lastLine = null, hintedLine = null, previews = {}, ghost = null } = {}) {
  const lines = h("div", { class: "lines", role: "group", "aria-label": gettext("Pattern lines") });
  board.lines.forEach((line, row) => {
    const lit = targets !== null && targets.includes(row);
    lines.append(
      renderPatternLine(line, row, {
        lit,
        blocked: targets !== null && !lit,
        pending: pendingRow === row,
        last: lastLine !== null && String(lastLine) === String(row),
        hinted: hintedLine !== null && String(hintedLine) === String(row),
        onPick,
        preview: lit ? previews[row] || null : null,
        ghost: ghost && String(ghost.line) === String(row) ? ghost : null,
      }),
    );
  });
  return lines;
}

// The 5×5 wall. options: variant ("standard" prints its colours faintly, "gray" is blank), columns
// ({row, columns, onPick(row, column), previews}) for a gray-wall choice, last ({row, column}),
// marks ({"row:column": text}, e.g. points just scored), hidden (Set of "row:column" not drawn yet).
export function renderWall(wall, { variant = "standard", columns = null, last = null, marks = {}, hidden = null } = {}) {
  const gray = variant === "gray";
  const element = h("div", { class: ["wall", gray && "wall--gray"], role: "group", "aria-label": gettext("Wall") });
  for (let row = 0; row < WALL_SIZE; row += 1) {
    for (let column = 0; column < WALL_SIZE; column += 1) {
      const key = `${row}:${column}`;
      const placed = hidden && hidden.has(key) ? null : wall[row][column];
      const legal = Boolean(columns && columns.row === row && columns.columns.includes(column));
      const isLast = Boolean(last && last.row === row && last.column === column);
      let cell;
      if (legal) {
        const preview = columns.previews ? columns.previews[column] : null;
        cell = h(
          "button",
          {
            class: ["wall__cell", "wall__cell--gray", "is-legal"],
            type: "button",
            "data-target": "column",
            "aria-label": fmt(gettext("Column %(column)s%(preview)s"), { column: column + 1, preview: preview ? `, ${previewWords(preview)}` : "" }),
            onclick: () => columns.onPick(row, column),
          },
          previewBadge(preview, "wall__preview"),
        );
      } else if (placed) {
        cell = tileElement(placed, { extraClass: ["wall__tile", isLast && "is-last"].filter(Boolean).join(" ") });
      } else if (gray) {
        cell = h("span", { class: "wall__cell wall__cell--gray" });
      } else {
        const printed = standardWallColour(row, column);
        cell = h(
          "span",
          { class: ["wall__cell", "wall__cell--ghost", `tile--${printed}`] },
          h("span", { class: "tile__letter", text: LETTERS[printed], "aria-hidden": "true" }),
        );
      }
      cell.dataset.row = String(row);
      cell.dataset.column = String(column);
      if (marks[key]) cell.append(h("span", { class: "wall__mark", "data-mark": "", text: marks[key] }));
      element.append(cell);
    }
  }
  return element;
}

// The floor line: its items left to right over the printed penalties. options: lit (the floor is a
// legal destination), onPick, last, hinted, preview (the engine's preview text), ghost ({color, count,
// marker}: what a move waiting for Confirm sends to the floor, marker first, as the engine says).
export function renderFloor(floor, { lit = false, onPick = null, last = false, hinted = false, preview = null, mark = null, ghost = null } = {}) {
  const canPick = Boolean(lit && onPick);
  const marker = ghost && ghost.marker && ghost.count > 0;
  const ghosts = ghost ? [...(marker ? ["first_player"] : []), ...Array(Math.max(0, ghost.count - (marker ? 1 : 0))).fill(ghost.color)] : [];
  const props = {
    class: ["floor", lit && "is-legal", last && "is-last", hinted && "is-hinted", ghosts.length && "is-proposed"],
    "aria-label": (floor.length ? fmt(ngettext("Floor line: %(count)s item", "Floor line: %(count)s items", floor.length), { count: floor.length }) : gettext("Floor line, empty")) + (preview ? `; ${previewWords(preview)}` : ""),
  };
  if (canPick) Object.assign(props, { "data-target": "floor", type: "button", onclick: () => onPick("floor") });
  else props.role = "group";
  const element = h(canPick ? "button" : "div", props);
  FLOOR_PENALTIES.forEach((penalty, space) => {
    const item = floor[space];
    let content;
    const ghosted = ghosts[space - floor.length];
    if (item === undefined) content = ghosted ? ghostTile(ghosted) : h("span", { class: "slot" });
    else if (item === "first_player") content = markerElement();
    else content = tileElement(item, { props: { "aria-hidden": "true" } });
    element.append(h("span", { class: "floor__space" }, [content, h("span", { class: "floor__penalty", text: String(penalty) })]));
  });
  const badge = previewBadge(preview, "floor__preview");
  if (badge) element.append(badge);
  if (mark) element.append(h("span", { class: "floor__mark", "data-mark": "", text: mark }));
  return element;
}
