// How a seat is named on every page: the display name, else the username, else its number.

export function seatName(seat, index) {
  if (!seat) return `Player ${index + 1}`;
  return seat.display_name || seat.username || `Player ${index + 1}`;
}
