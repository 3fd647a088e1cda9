// The engine's scoring events (docs/engine.md, "Scoring events") as marks on the boards: "+4" on the
// wall cell just tiled, "−2" on the floor, a badge per end bonus. The round-end sequence replays the
// events one by one on the boards as they stood when the tiling began (payload last_move.before_tiling):
// the event says what moved where and the score after it, so nothing is worked out here.

import { colourWord } from "../shared/colours.js";
import { gettext, fmt } from "../shared/i18n.js";

// An end bonus's short label, in the page's language ("row 1", "all red").
function bonusLabel(event) {
  if (event.kind === "color") return fmt(gettext("all %(colour)s"), { colour: colourWord(event.index) });
  if (event.kind === "row") return fmt(gettext("row %(number)s"), { number: event.index + 1 });
  if (event.kind === "column") return fmt(gettext("column %(number)s"), { number: event.index + 1 });
  return `${event.kind} ${event.index + 1}`;
}

function signed(points) {
  return points >= 0 ? `+${points}` : `−${-points}`;
}

function marksFor(marks, player) {
  if (!marks[player]) marks[player] = { cells: {}, floor: null, notes: [] };
  return marks[player];
}

function addMark(marks, event) {
  const mine = marksFor(marks, event.player);
  if (event.type === "wall" || event.type === "special") mine.cells[`${event.row}:${event.column}`] = signed(event.points);
  else if (event.type === "floor") mine.floor = signed(event.points);
  else if (event.type === "bonus") {
    mine.notes.push(`${bonusLabel(event)} ${signed(event.points)}`);
  } else if (event.type === "objective") mine.notes.push(`${event.tablet}${event.side} ${signed(event.points)}`);
  else if (event.type === "plate_bought") mine.notes.push(`${gettext("plate")} ${signed(event.points)}`);
}

// Every event of a move's scoring as marks: {player: {cells: {"row:column": "+4"}, floor, notes}}.
export function marksOf(scoring) {
  const marks = {};
  for (const event of scoring || []) addMark(marks, event);
  return Object.keys(marks).length ? marks : null;
}

// One step of the round-end sequence: the event applied to the boards shown, and its mark added.
export function playScoringEvent(sequence, event) {
  const board = sequence.boards[event.player];
  if (event.type === "wall") {
    board.lines[event.row] = { color: null, count: 0 };
    board.wall[event.row][event.column] = event.color;
  } else if (event.type === "line_to_floor") {
    board.lines[event.row] = { color: null, count: 0 };
    for (let k = 0; k < event.tiles && board.floor.length < 7; k += 1) board.floor.push(event.color);
  } else if (event.type === "floor") {
    board.floor = [];
  }
  board.score = event.score;
  addMark(sequence.marks, event);
}
