// After a game, for its players: "New game" against the same bot (the same table's choices,
// POST /api/v1/quickplay/computer, then that game), and "Challenge" for each other person (their
// profile's challenge, opened: /u/<name>/#challenge). Shown beside the rematch panel.

import { apiRequest } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { fmt, gettext } from "../shared/i18n.js";
import { choicesOfTable } from "../shared/quick-choices.js";

export class NextGamePanel {
  constructor(element, { table, username }) {
    this.element = element;
    this.table = table;
    this.username = username;
    this.shown = false;
  }

  onMessage(message) {
    if (this.shown || message.type !== "state" || !this.element) return;
    if (message.status !== "finished" && message.status !== "aborted") return;
    const seats = message.seats || [];
    if (!this.username || !seats.some((seat) => seat.username === this.username)) return;
    this.shown = true;
    const status = h("span", { class: "muted", role: "status", "data-testid": "next-game-status" });
    const bot = seats.find((seat) => seat.is_bot && seat.bot_level);
    const actions = [];
    if (bot) {
      actions.push(h("button", {
        type: "button",
        class: "button",
        "data-testid": "new-game-same-bot",
        onclick: () => this.againstBot(bot.bot_level, status),
      }, fmt(gettext("New game against %(name)s"), { name: bot.display_name })));
    }
    const people = seats.filter((seat) => !seat.is_bot && seat.username !== this.username);
    for (const person of people) {
      actions.push(h("a", {
        class: "button button--secondary",
        href: `/u/${encodeURIComponent(person.username)}/#challenge`,
        "data-testid": "challenge-player",
      }, fmt(gettext("Challenge %(name)s"), { name: person.display_name })));
    }
    if (!actions.length) return;
    this.element.replaceChildren(h("div", { class: "rematch-actions" }, [...actions, status]));
    this.element.hidden = false;
  }

  async againstBot(level, status) {
    status.textContent = gettext("Starting the game…");
    try {
      const game = await apiRequest("POST", "/quickplay/computer", { level, ...choicesOfTable(this.table) });
      window.location.assign(game.url);
    } catch (error) {
      status.textContent = error.detail || String(error);
    }
  }
}
