// The words of the Azul Duel move log: "took blue from sun 2 → line 3".

import { KIND_SYMBOLS } from "../shared/tiles.js";
import { chipsInWords, colourWord } from "../shared/colours.js";
import { gettext, fmt } from "../shared/i18n.js";

const LARGE = 4;

// `imperative`: the hint's wording ("take …" rather than "took …").
export function describeDuelMove(move, options) {
  const imperative = Boolean(options && options.imperative);
  const line = (value) => (value === "broken" ? gettext("the broken tiles") : fmt(gettext("line %(number)s"), { number: Number(value) + 1 }));
  switch (move.type) {
    case "opening_plate":
    case "take_plate":
      return fmt(imperative ? gettext("take display plate %(display)s → dome slot %(slot)s") : gettext("took display plate %(display)s → dome slot %(slot)s"), { display: move.display + 1, slot: move.slot + 1 });
    case "buy_plate":
      return gettext("bought a plate from the stack (1 point)");
    case "keep_plate":
      return fmt(gettext("kept revealed plate %(revealed)s → dome slot %(slot)s"), { revealed: move.revealed + 1, slot: move.slot + 1 });
    case "return_plate":
      return fmt(gettext("put revealed plate %(revealed)s under the stack"), { revealed: move.revealed + 1 });
    case "sun": {
      const order = move.moon_order && move.moon_order.length ? fmt(gettext(" (moon: %(move)s)"), { move: move.moon_order.map((c) => KIND_SYMBOLS[c]).join("") }) : "";
      const sun = move.factory === LARGE ? gettext("the large sun") : fmt(gettext("sun %(number)s"), { number: move.factory + 1 });
      return fmt(imperative ? gettext("take %(color)s from %(sun)s → %(line)s%(order)s") : gettext("took %(color)s from %(sun)s → %(line)s%(order)s"), { color: colourWord(move.color), sun, line: line(move.line), order });
    }
    case "moon":
      return fmt(imperative ? gettext("take %(color)s from the moons → %(line)s") : gettext("took %(color)s from the moons → %(line)s"), { color: colourWord(move.color), line: line(move.line) });
    case "chip":
      return fmt(imperative ? gettext("take the chip of factory %(factory)s") : gettext("took the chip of factory %(factory)s"), { factory: move.factory + 1 });
    case "pass":
      return gettext("passed");
    case "pay_chips":
      return fmt(gettext("paid %(move)s for line %(line)s"), { move: chipsInWords(move.chips), line: move.line + 1 });
    case "skip_chips":
      return fmt(gettext("kept the chips for later (line %(line)s)"), { line: move.line + 1 });
    case "place_tile":
      return fmt(gettext("tiled line %(line)s in column %(column)s"), { line: move.line + 1, column: move.column + 1 });
    default:
      return move.type || gettext("moved");
  }
}


function signed(points) {
  return points >= 0 ? `+${points}` : `−${-points}`;
}

export function pointsText(points) {
  if (!points) return "";
  return points[0] === points[1] ? signed(points[0]) : `${signed(points[0])}–${points[1]}`;
}

// One line of the move log per scoring event (the engine's, docs/engine.md "Scoring events").
export function describeDuelScoring(event) {
  const runs = [event.across > 1 && fmt(gettext("%(count)s across"), { count: event.across }), event.down > 1 && fmt(gettext("%(count)s down"), { count: event.down })].filter(Boolean);
  switch (event.type) {
    case "wall":
      return fmt(gettext("%(color)s to dome row %(row)s, column %(column)s, %(signed)s (%(alone)s)"), { color: colourWord(event.color), row: event.row + 1, column: event.column + 1, signed: signed(event.points), alone: runs.length ? runs.join(", ") : gettext("alone") });
    case "special":
      return fmt(gettext("special cell in row %(row)s fills itself, %(signed)s"), { row: event.row + 1, signed: signed(event.points) });
    case "line_to_floor":
      return fmt(gettext("line %(row)s (%(color)s) cannot be tiled: %(tiles)s broken"), { row: event.row + 1, color: colourWord(event.color), tiles: event.tiles });
    case "floor":
      return fmt(event.first_player ? gettext("broken tiles and first-player tile, %(signed)s") : gettext("broken tiles, %(signed)s"), { signed: signed(event.points) });
    case "plate_bought":
      return fmt(gettext("bought a plate, %(signed)s"), { signed: signed(event.points) });
    case "objective":
      return fmt(gettext("objective %(tablet)s%(side)s, %(signed)s"), { tablet: event.tablet, side: event.side, signed: signed(event.points) });
    default:
      return `${event.type} ${signed(event.points)}`;
  }
}

export function duelPreviewText(preview) {
  if (!preview) return "";
  if (preview.to_line === undefined) return pointsText(preview.points);
  const parts = [];
  if (preview.completes) parts.push(`✓ ${pointsText(preview.points)}`.trim());
  if (preview.to_floor || preview.first_player) parts.push(`${preview.to_floor}↓ ${preview.penalty ? signed(preview.penalty) : ""}`.trim());
  if (preview.to_lid) parts.push(fmt(gettext("%(count)s lost"), { count: preview.to_lid }));
  return parts.join(" ");
}
