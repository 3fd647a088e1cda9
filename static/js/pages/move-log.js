// The game page's move log, as data: entries from the states' last moves and from
// GET /games/{id}/moves, put in words (by the ruleset's table) only when drawn or announced.

import { seatName } from "../shared/names.js";
import { fmt, gettext } from "../shared/i18n.js";

// last_move is a move record ({number, player_index, move, taken, scoring, before_tiling}).
export function normaliseLastMove(lastMove, previousState) {
  if (!lastMove) return null;
  const move = lastMove.move || lastMove;
  let player = lastMove.player_index ?? lastMove.player ?? lastMove.seat;
  if (player === undefined && previousState) player = previousState.current_player;
  return { move, player, number: lastMove.number, taken: lastMove.taken ?? null, scoring: lastMove.scoring || null, beforeTiling: lastMove.before_tiling || null };
}

function logEntry(number, player, move, taken, scoring) {
  return { number, player: player ?? 0, move, taken: taken ?? null, scoring: scoring || [] };
}

export function entriesOf(records) {
  return (Array.isArray(records) ? records : []).map((record) => logEntry(record.number, record.player_index, record.move, record.taken, record.scoring));
}

// The entry of the state's last move when it follows the log ({entry}); `reload` when the log must
// be read again: a move was missed, or a state sent on connect or sync does not say what its move
// took and scored.
export function recordMove(log, lastMove, version) {
  if (!lastMove) return { entry: null, reload: false };
  const number = lastMove.number ?? version;
  const known = log.length ? log[log.length - 1].number : 0;
  if (number === known + 1) {
    const entry = logEntry(number, lastMove.player, lastMove.move, lastMove.taken, lastMove.scoring);
    log.push(entry);
    return { entry, reload: lastMove.scoring === null };
  }
  return { entry: null, reload: number > known + 1 };
}

// `table.describe(entry)` gives the move's words and the scoring events' describer.
export function describeEntry(entry, seats, table) {
  const name = (player) => seatName(seats[player], player);
  const { text, scoring } = table.describe(entry);
  return {
    ...entry,
    name: name(entry.player),
    text,
    scoring: entry.scoring.map((event) => ({ name: name(event.player), text: scoring(event) })),
  };
}

// What screen readers hear of a move: it, what it scored, the scores, whose turn.
export function announcement(described, message, seats, { myTurn, over }) {
  const parts = [`${described.name} ${described.text}.`];
  for (const line of described.scoring) parts.push(`${line.name}: ${line.text}.`);
  if (described.scoring.length) {
    parts.push(fmt(gettext("Scores: %(message)s."), { message: message.state.boards.map((board, index) => `${seatName(seats[index], index)} ${board.score}`).join(", ") }));
  }
  if (myTurn) parts.push(gettext("Your turn."));
  if (over) parts.push(gettext("The game is over."));
  return parts.join(" ");
}
