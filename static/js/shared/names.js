// How a seat is named on every page: the display name, else the username, else its number.

import { gettext, fmt } from "./i18n.js";

// The bots' accounts carry English names: a bot is named in the page's language by its level.
const BOT_NAMES = {
  random: gettext("Random bot"),
  greedy: gettext("Greedy bot"),
  strong: gettext("Strong bot"),
  master: gettext("Master bot"),
};

export function botName(seat) {
  return seat && seat.is_bot ? BOT_NAMES[seat.bot_level] || null : null;
}

export function seatName(seat, index) {
  if (!seat) return fmt(gettext("Player %(index)s"), { index: index + 1 });
  return botName(seat) || seat.display_name || seat.username || fmt(gettext("Player %(index)s"), { index: index + 1 });
}
