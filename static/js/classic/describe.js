// The words of the classic move log: "took 3 yellow from factory 2 → line 3".

import { colourWord, tilesOfColour, tilesOfColourUncounted } from "../shared/colours.js";
import { gettext, ngettext, fmt } from "../shared/i18n.js";

// "from factory 4" as a whole phrase, so that French can say « de la fabrique 4 », « du centre ».
export function fromSource(source) {
  return source === "center" ? gettext("from the centre") : fmt(gettext("from factory %(number)s"), { number: Number(source) + 1 });
}

// `count`: the tiles the move took (the engine's `taken`), or null when unknown.
// `imperative`: the hint's wording ("take …" rather than "took …").
export function describeMove(move, count, options) {
  const imperative = Boolean(options && options.imperative);
  if (move.row !== undefined && move.column !== undefined && move.source === undefined) {
    return fmt(imperative ? gettext("place row %(row)s in column %(column)s") : gettext("placed row %(row)s in column %(column)s"), { row: move.row + 1, column: move.column + 1 });
  }
  const tiles = count ? tilesOfColour(count, move.color) : tilesOfColourUncounted(move.color);
  const target = move.line === "floor" ? gettext("the floor") : fmt(gettext("line %(number)s"), { number: Number(move.line) + 1 });
  return fmt(imperative ? gettext("take %(tiles)s %(from)s → %(target)s") : gettext("took %(tiles)s %(from)s → %(target)s"), { tiles, from: fromSource(move.source), target });
}

function signed(points) {
  return points >= 0 ? `+${points}` : `−${-points}`;
}

// "+4" or "+2–4" from the engine's [lowest, highest].
export function pointsText(points) {
  if (!points) return "";
  return points[0] === points[1] ? signed(points[0]) : `${signed(points[0])}–${points[1]}`;
}

function runs(event) {
  const parts = [event.across > 1 && fmt(gettext("%(count)s across"), { count: event.across }), event.down > 1 && fmt(gettext("%(count)s down"), { count: event.down })].filter(Boolean);
  return parts.length ? parts.join(", ") : gettext("alone");
}

// One line of the move log per scoring event (the engine's, docs/engine.md "Scoring events").
export function describeScoring(event) {
  switch (event.type) {
    case "wall":
      return fmt(gettext("%(color)s to row %(row)s, %(signed)s (%(runs)s)"), { color: colourWord(event.color), row: event.row + 1, signed: signed(event.points), runs: runs(event) });
    case "line_to_floor":
      return fmt(gettext("line %(row)s (%(color)s) has no free column: %(tiles)s to the floor"), { row: event.row + 1, color: colourWord(event.color), tiles: event.tiles });
    case "floor":
      return event.points === event.penalty
        ? fmt(ngettext("floor %(signed)s (%(items)s item)", "floor %(signed)s (%(items)s items)", event.items), { signed: signed(event.points), items: event.items })
        : fmt(gettext("floor %(signed)s, %(signed2)s counted (a score stays at 0 or more)"), { signed: signed(event.penalty), signed2: signed(event.points) });
    case "bonus":
      if (event.kind === "row") return fmt(gettext("row %(index)s complete, %(signed)s"), { index: event.index + 1, signed: signed(event.points) });
      if (event.kind === "column") return fmt(gettext("column %(index)s complete, %(signed)s"), { index: event.index + 1, signed: signed(event.points) });
      return fmt(gettext("all five %(index)s, %(signed)s"), { index: colourWord(event.index), signed: signed(event.points) });
    default:
      return `${event.type} ${signed(event.points)}`;
  }
}

// The short text a lit line or floor shows for the engine's preview of that move.
export function previewText(preview) {
  if (!preview) return "";
  if (preview.to_line === undefined) return pointsText(preview.points);
  const parts = [];
  if (preview.completes) parts.push(`✓ ${pointsText(preview.points)}`);
  if (preview.to_floor) parts.push(`${preview.to_floor}↓ ${preview.penalty ? signed(preview.penalty) : ""}`.trim());
  if (preview.to_lid) parts.push(fmt(gettext("%(count)s lost"), { count: preview.to_lid }));
  return parts.join(" ");
}

// "+1 point", "−3 points", "+2–4 points": the noun agrees with the largest number of points.
export function pointsSentence(points) {
  const most = points ? Math.max(Math.abs(points[0]), Math.abs(points[1])) : 0;
  return fmt(ngettext("%(points)s point", "%(points)s points", most), { points: pointsText(points) });
}

// The same preview in words, for screen readers and the confirm bar.
export function previewSentence(preview) {
  if (!preview) return "";
  if (preview.to_line === undefined) return pointsSentence(preview.points);
  const parts = [];
  if (preview.completes) parts.push(fmt(gettext("completes the line: %(pointsText)s at the tiling"), { pointsText: pointsText(preview.points) }));
  if (preview.to_floor) parts.push(fmt(gettext("%(to_floor)s to the floor, %(signed)s"), { to_floor: preview.to_floor, signed: signed(preview.penalty) }));
  if (preview.to_lid) parts.push(fmt(gettext("%(to_lid)s past the floor"), { to_lid: preview.to_lid }));
  return parts.join("; ");
}
