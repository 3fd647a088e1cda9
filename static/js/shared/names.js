// How a seat is named on every page: the display name, else the username, else its number.

import { gettext, fmt } from "./i18n.js";

export function seatName(seat, index) {
  if (!seat) return fmt(gettext("Player %(index)s"), { index: index + 1 });
  return seat.display_name || seat.username || fmt(gettext("Player %(index)s"), { index: index + 1 });
}
