// The words of the classic move log: "took 3 yellow from factory 2 → line 3".

function sourceLabel(source) {
  return source === "center" ? "the centre" : `factory ${Number(source) + 1}`;
}

// `count`: the tiles the move took (the engine's `taken`), or null when unknown.
export function describeMove(move, count) {
  if (move.row !== undefined && move.column !== undefined && move.source === undefined) {
    return `placed row ${move.row + 1} in column ${move.column + 1}`;
  }
  const amount = count ? `${count} ` : "";
  const target = move.line === "floor" ? "the floor" : `line ${Number(move.line) + 1}`;
  return `took ${amount}${move.color} from ${sourceLabel(move.source)} → ${target}`;
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
  const parts = [event.across > 1 && `${event.across} across`, event.down > 1 && `${event.down} down`].filter(Boolean);
  return parts.length ? parts.join(", ") : "alone";
}

// One line of the move log per scoring event (the engine's, docs/engine.md "Scoring events").
export function describeScoring(event) {
  switch (event.type) {
    case "wall":
      return `${event.color} to row ${event.row + 1}, ${signed(event.points)} (${runs(event)})`;
    case "line_to_floor":
      return `line ${event.row + 1} (${event.color}) has no free column: ${event.tiles} to the floor`;
    case "floor":
      return event.points === event.penalty
        ? `floor ${signed(event.points)} (${event.items} item${event.items > 1 ? "s" : ""})`
        : `floor ${signed(event.penalty)}, ${signed(event.points)} counted (a score stays at 0 or more)`;
    case "bonus":
      if (event.kind === "row") return `row ${event.index + 1} complete, ${signed(event.points)}`;
      if (event.kind === "column") return `column ${event.index + 1} complete, ${signed(event.points)}`;
      return `all five ${event.index}, ${signed(event.points)}`;
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
  if (preview.to_lid) parts.push(`${preview.to_lid} lost`);
  return parts.join(" ");
}

// The same preview in words, for screen readers and the confirm bar.
export function previewSentence(preview) {
  if (!preview) return "";
  if (preview.to_line === undefined) return `${pointsText(preview.points)} points`;
  const parts = [];
  if (preview.completes) parts.push(`completes the line: ${pointsText(preview.points)} at the tiling`);
  if (preview.to_floor) parts.push(`${preview.to_floor} to the floor, ${signed(preview.penalty)}`);
  if (preview.to_lid) parts.push(`${preview.to_lid} past the floor`);
  return parts.join("; ");
}
