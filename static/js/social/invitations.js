// The lobby's invitations (GET /table-invitations, and live `invitation` messages of the lobby
// socket) with Accept (POST /table-invitations/<id>/accept, then the table) and Decline; and the
// players you follow who are online (GET /friends).

import { apiRequest } from "../shared/api.js";
import { clear, h } from "../shared/dom.js";
import { describeClock } from "../shared/lobby-feed.js";
import { WORDS } from "./words.js";

export class LobbyInvitations {
  constructor(root) {
    this.root = root;
    this.invitations = new Map();
    this.friends = [];
  }

  async start() {
    clear(this.root);
    this.list = h("ul", { class: "invitation-list", "aria-live": "polite", "aria-labelledby": "invitations-title", "data-testid": "invitations" });
    this.error = h("p", { class: "chat-error", role: "alert", hidden: true });
    this.online = h("p", { class: "muted", "data-testid": "friends-online" });
    this.root.append(h("h2", { id: "invitations-title" }, WORDS.invitationsTitle), this.list, this.error,
      h("h3", {}, WORDS.friendsOnline), this.online);
    try {
      const [invitations, friends] = await Promise.all([apiRequest("GET", "/table-invitations"), apiRequest("GET", "/friends")]);
      for (const invitation of invitations) this.invitations.set(invitation.id, invitation);
      this.friends = friends;
    } catch (error) {
      this.showError(error.detail || String(error));
    }
    this.render();
  }

  add(invitation) {
    this.invitations.set(invitation.id, invitation);
    this.render();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
    if (text) this.root.hidden = false;
  }

  render() {
    clear(this.list);
    if (!this.invitations.size) this.list.append(h("li", { class: "muted" }, WORDS.invitationsEmpty));
    for (const invitation of [...this.invitations.values()].reverse()) {
      this.list.append(h("li", { class: "invitation-row", "data-invitation": String(invitation.id) }, [
        h("span", {}, WORDS.invitedBy(invitation.inviter_name, invitation.table)),
        // Rated or not, and the clock, before accepting: accepting seats you at once.
        h("span", { class: "badge", "data-testid": "invitation-rated" }, invitation.rated ? WORDS.rated : WORDS.casual),
        h("span", { class: "badge", "data-testid": "invitation-clock" }, describeClock(invitation.clock)),
        h("button", { type: "button", class: "button button--small", "data-testid": "accept-invitation", onclick: () => this.answer(invitation, "accept") }, WORDS.accept),
        h("button", { type: "button", class: "button button--small button--secondary", onclick: () => this.answer(invitation, "decline") }, WORDS.decline),
      ]));
    }
    // Nothing to show (no invitation, nobody followed): the panel takes no room above the tables.
    this.root.hidden = !this.invitations.size && !this.friends.length;
    const online = this.friends.filter((friend) => friend.online).map((friend) => friend.display_name);
    this.online.textContent = online.length ? online.join(", ") : WORDS.nobodyOnline;
  }

  async answer(invitation, verb) {
    try {
      const answer = await apiRequest("POST", `/table-invitations/${invitation.id}/${verb}`, {});
      if (verb === "accept") {
        window.location.assign(`/tables/${answer.table}/`);
        return;
      }
    } catch (error) {
      this.showError(error.detail || String(error));
    }
    this.invitations.delete(invitation.id);
    this.render();
  }
}
