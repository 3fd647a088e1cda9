// The words of the Azul Duel move log: "took blue from sun 2 → line 3".

import { KIND_SYMBOLS } from "../shared/tiles.js";

const LARGE = 4;

export function describeDuelMove(move) {
  const line = (value) => (value === "broken" ? "the broken tiles" : `line ${Number(value) + 1}`);
  switch (move.type) {
    case "opening_plate":
    case "take_plate":
      return `took display plate ${move.display + 1} → dome slot ${move.slot + 1}`;
    case "buy_plate":
      return "bought a plate from the stack (1 point)";
    case "keep_plate":
      return `kept revealed plate ${move.revealed + 1} → dome slot ${move.slot + 1}`;
    case "return_plate":
      return `put revealed plate ${move.revealed + 1} under the stack`;
    case "sun": {
      const order = move.moon_order && move.moon_order.length ? ` (moon: ${move.moon_order.map((c) => KIND_SYMBOLS[c]).join("")})` : "";
      const sun = move.factory === LARGE ? "the large sun" : `sun ${move.factory + 1}`;
      return `took ${move.color} from ${sun} → ${line(move.line)}${order}`;
    }
    case "moon":
      return `took ${move.color} from the moons → ${line(move.line)}`;
    case "chip":
      return `took the chip of factory ${move.factory + 1}`;
    case "pass":
      return "passed";
    case "pay_chips":
      return `paid ${move.chips.join(", ")} for line ${move.line + 1}`;
    case "skip_chips":
      return `kept the chips for later (line ${move.line + 1})`;
    case "place_tile":
      return `tiled line ${move.line + 1} in column ${move.column + 1}`;
    default:
      return move.type || "moved";
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
  const runs = [event.across > 1 && `${event.across} across`, event.down > 1 && `${event.down} down`].filter(Boolean);
  switch (event.type) {
    case "wall":
      return `${event.color} to dome row ${event.row + 1}, column ${event.column + 1}, ${signed(event.points)} (${runs.length ? runs.join(", ") : "alone"})`;
    case "special":
      return `special cell in row ${event.row + 1} fills itself, ${signed(event.points)}`;
    case "line_to_floor":
      return `line ${event.row + 1} (${event.color}) cannot be tiled: ${event.tiles} broken`;
    case "floor":
      return `broken tiles${event.first_player ? " and first-player tile" : ""}, ${signed(event.points)}`;
    case "plate_bought":
      return `bought a plate, ${signed(event.points)}`;
    case "objective":
      return `objective ${event.tablet}${event.side}, ${signed(event.points)}`;
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
  if (preview.to_lid) parts.push(`${preview.to_lid} lost`);
  return parts.join(" ");
}
