// The rematch panel under a finished game (/tables/<id>/): offer, accept, decline, cancel over the
// game socket; when the rematch starts, the page moves to its table. The server decides who may
// answer and when (matchmaking.rematches): the panel shows what the `rematch` messages say.

import { fmt, gettext } from "../shared/i18n.js";

const TEXT = {
  offer: gettext("Offer a rematch"),
  accept: gettext("Accept the rematch"),
  decline: gettext("Decline"),
  cancel: gettext("Cancel the offer"),
  offered: (name) => fmt(gettext("%(name)s offers a rematch."), { name }),
  waiting: (names) => fmt(gettext("Waiting for %(names)s…"), { names: names.join(", ") }),
  declined: (name) => fmt(gettext("%(name)s declined the rematch."), { name }),
  cancelled: gettext("The rematch offer was cancelled."),
  expired: gettext("The rematch offer expired."),
  started: gettext("The rematch starts…"),
};

export class RematchPanel {
  constructor(element, { gameId, username }) {
    this.element = element;
    this.gameId = gameId;
    this.username = username;
    this.connection = null;
    this.isPlayer = false;
    this.rematch = null;
  }

  // The end screen has a slot for the offer, right under the result: the panel moves there
  // whenever the slot is drawn (on a phone the foot of the page is 1,400 px below the result).
  place() {
    const slot = document.querySelector("[data-rematch-slot]");
    if (slot && this.element.parentNode !== slot) slot.append(this.element);
  }

  onMessage(message, connection) {
    this.connection = connection;
    if (message.type === "state") {
      const over = message.status === "finished" || message.status === "aborted";
      this.isPlayer = (message.seats || []).some((seat) => seat.username === this.username);
      if (over && this.isPlayer && !this.rematch) this.render({ status: "none" });
    } else if (message.type === "rematch") {
      this.render(message.rematch);
    } else if (message.type === "error" && message.code && message.code.startsWith("rematch")) {
      this.note(message.detail);
    }
  }

  render(rematch) {
    this.rematch = rematch;
    if (rematch.status === "started" && rematch.new_table) {
      this.element.hidden = false;
      this.element.replaceChildren(this.paragraph(TEXT.started));
      window.location.assign(`/tables/${rematch.new_table}/`);
      return;
    }
    const me = this.username;
    const parts = [];
    const buttons = [];
    if (rematch.status === "open") {
      const waitingForMe = rematch.waiting_for.includes(me);
      parts.push(TEXT.offered(rematch.offered_by));
      if (rematch.waiting_for.length) parts.push(TEXT.waiting(rematch.waiting_for));
      if (waitingForMe) {
        buttons.push(this.button(TEXT.accept, "rematch_accept", "rematch-accept"));
        buttons.push(this.button(TEXT.decline, "rematch_decline", "rematch-decline"));
      } else if (rematch.offered_by === me) {
        buttons.push(this.button(TEXT.cancel, "rematch_cancel", "rematch-cancel"));
      }
    } else {
      if (rematch.status === "declined") parts.push(TEXT.declined(rematch.declined_by));
      if (rematch.status === "cancelled") parts.push(TEXT.cancelled);
      if (rematch.status === "expired") parts.push(TEXT.expired);
      buttons.push(this.button(TEXT.offer, "rematch_offer", "rematch-offer"));
    }
    this.element.hidden = false;
    const row = document.createElement("div");
    row.className = "rematch-actions";
    row.append(...buttons);
    this.element.replaceChildren(...parts.map((text) => this.paragraph(text)), row);
  }

  note(text) {
    this.element.append(this.paragraph(text));
  }

  paragraph(text) {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }

  button(label, type, testid) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button";
    button.textContent = label;
    button.dataset.testid = testid;
    button.addEventListener("click", () => this.connection?.send({ type }));
    return button;
  }
}
