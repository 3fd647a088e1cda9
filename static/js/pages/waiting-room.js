// The table before its game starts: seats, join/leave, bots for free seats, start for the creator.
// Follows the table live through the lobby feed (and by polling while that feed is down).

import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { LobbyFeed, describeClock, seatLabel } from "../shared/lobby-feed.js";
import { gettext, fmt } from "../shared/i18n.js";

const POLL_MS = 4000;

export class WaitingRoom {
  constructor(root, { table, username, botLevels, onStarted }) {
    this.root = root;
    this.table = table;
    this.username = username || null;
    this.botLevels = botLevels || [];
    this.onStarted = onStarted;
    this.errorText = "";
    this.busy = false;
    this.stopped = false;
    this.feed = new LobbyFeed({
      onTable: (changed) => {
        if (changed.id === this.table.id) this.update(changed);
      },
      onStatus: () => this.schedulePoll(),
    });
  }

  start() {
    this.render();
    this.feed.connect();
    this.schedulePoll();
  }

  schedulePoll() {
    window.clearTimeout(this.pollTimer);
    if (this.stopped) return;
    this.pollTimer = window.setTimeout(async () => {
      if (!this.feed.isOpen) await this.refresh();
      this.schedulePoll();
    }, POLL_MS);
  }

  async refresh() {
    try {
      this.update(await api.table(this.table.id));
    } catch {
      // Try again on the next poll.
    }
  }

  update(table) {
    // Once the game is shown, later news of the table (the start's own feed event, a poll, the
    // game's end) must not mount a second board with a second game socket.
    if (this.stopped) return;
    this.table = table;
    if (table.status !== "open" && table.game) {
      this.stopped = true;
      window.clearTimeout(this.pollTimer);
      this.feed.close();
      this.onStarted(table.game, table);
      return;
    }
    this.render();
  }

  mySeat() {
    return this.table.seats.find((seat) => seat.username === this.username) || null;
  }

  isCreator() {
    return Boolean(this.username) && this.table.creator === this.username;
  }

  async act(action) {
    if (this.busy) return;
    this.busy = true;
    this.errorText = "";
    this.render();
    try {
      const answer = await action();
      if (answer && answer.game) {
        this.update({ ...this.table, status: "playing", game: answer.game });
      } else {
        await this.refresh();
      }
    } catch (error) {
      this.errorText = error.detail || String(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  renderSeat(position) {
    const seat = this.table.seats.find((s) => s.position === position);
    const open = this.table.status === "open";
    const actions = [];
    if (!seat && open) {
      if (this.username && !this.mySeat()) {
        actions.push(
          h("button", {
            type: "button",
            class: "button",
            "data-action": "join",
            disabled: this.busy,
            onclick: () => this.act(() => api.join(this.table.id, position)),
            text: gettext("Sit here"),
          }),
        );
      }
      if (this.isCreator() && this.botLevels.length) {
        const select = h(
          "select",
          { "aria-label": fmt(gettext("Bot level for seat %(position)s"), { position: position + 1 }), "data-bot-level": String(position) },
          this.botLevels.map((level) => h("option", { value: level, text: level })),
        );
        actions.push(
          select,
          h("button", {
            type: "button",
            class: "button button--quiet",
            "data-action": "add-bot",
            disabled: this.busy,
            onclick: () => this.act(() => api.addBot(this.table.id, position, select.value)),
            text: gettext("Add bot"),
          }),
        );
      }
    }
    const badges = [];
    if (seat && seat.is_bot) badges.push(h("span", { class: "badge", text: gettext("bot") /* the level is in the name: "Strong bot" */ }));
    if (seat && seat.username === this.table.creator) badges.push(h("span", { class: "badge", text: gettext("creator") }));
    if (seat && seat.username === this.username) badges.push(h("span", { class: "badge badge--you", text: gettext("you") }));
    return h("li", { class: ["seat", !seat && "seat--empty"], "data-seat": String(position) }, [
      h("span", { class: "seat__number", text: String(position + 1) }),
      h("span", { class: "seat__name", text: seat ? seatLabel(seat) : gettext("Empty seat") }),
      ...badges,
      ...actions,
    ]);
  }

  render() {
    // Once the game started the page belongs to the board.
    if (this.stopped) return;
    const table = this.table;
    const seats = [];
    for (let position = 0; position < table.players; position += 1) seats.push(this.renderSeat(position));
    const filled = table.seats.length >= table.players;
    const controls = [];
    if (table.status === "open") {
      if (this.isCreator()) {
        controls.push(
          h("button", {
            type: "button",
            class: "button",
            "data-action": "start",
            disabled: this.busy || !filled,
            title: filled ? gettext("Start the game") : gettext("Every seat must be taken first"),
            onclick: () => this.act(() => api.start(table.id)),
            text: gettext("Start game"),
          }),
          h("button", {
            type: "button",
            class: "button button--danger",
            "data-action": "leave",
            disabled: this.busy,
            onclick: () => this.act(() => api.leave(table.id)),
            text: gettext("Cancel table"),
          }),
        );
      } else if (this.mySeat()) {
        controls.push(
          h("button", {
            type: "button",
            class: "button button--quiet",
            "data-action": "leave",
            disabled: this.busy,
            onclick: () => this.act(() => api.leave(table.id)),
            text: gettext("Leave seat"),
          }),
        );
      }
    }
    let note;
    if (table.status === "aborted") note = gettext("This table was cancelled.");
    else if (!this.username) note = gettext("Log in to take a seat; you can watch once the game starts.");
    else if (this.isCreator()) note = filled ? gettext("Everyone is seated: start when ready.") : gettext("Waiting for players. Share this page's address, or add bots.");
    else if (this.mySeat()) note = gettext("Waiting for the creator to start the game.");
    else if (filled) note = gettext("The table is full; the game will show here when it starts.");
    else note = gettext("Pick a free seat to join.");

    const facts = [
      fmt(gettext("%(count)s players"), { count: table.players }),
      table.ruleset === "duel" ? gettext("Azul Duel") : table.variant === "gray" ? gettext("gray wall") : gettext("standard wall"),
      table.rated ? gettext("rated") : gettext("casual"),
      describeClock(table.clock),
    ];
    const view = h("div", { class: "waiting", "data-waiting-room": "", "data-status": table.status }, [
      h("div", { class: "table-facts" }, facts.map((fact) => h("span", { class: "badge", text: fact }))),
      h("p", { class: "notice", text: note }),
      this.errorText ? h("div", { class: "alert", role: "alert", text: this.errorText }) : null,
      h("ol", { class: "seat-list", "aria-label": gettext("Seats") }, seats),
      h("div", { class: "game__actions" }, controls),
    ]);
    this.root.replaceChildren(view);
  }
}
