// Reading the game payload the server sends (docs/api.md): seats by player, the user's seat, the
// end, the winners. Nothing here is a rule: the payload says it.

export function seatsByPlayer(seats) {
  const byPlayer = [];
  for (const seat of seats || []) {
    if (seat.player_index !== null && seat.player_index !== undefined) byPlayer[seat.player_index] = seat;
  }
  return byPlayer;
}

// The user's player index, or null (a spectator, or a seat they left).
export function playerOf(payload, username) {
  if (!username || !payload) return null;
  const seat = (payload.seats || []).find((s) => s.username === username && !s.left);
  return seat && seat.player_index !== null && seat.player_index !== undefined ? seat.player_index : null;
}

export function isOver(payload) {
  const status = payload && payload.status;
  return status === "finished" || status === "aborted" || Boolean(payload && payload.state.phase === "over");
}

// The winners' indexes (null while the game runs).
export function winnersOf(payload) {
  const result = payload && payload.result;
  if (!result) return isOver(payload) ? [] : null;
  if (Array.isArray(result.winners)) return result.winners;
  if (Array.isArray(result.ranks)) return result.ranks.map((rank, index) => (rank === 1 ? index : null)).filter((i) => i !== null);
  return [];
}
