// "Invite a friend" beside a table's waiting room: the players you follow (GET /friends, with who
// is online) and an Invite button each (POST /tables/<id>/invitations).

import { apiRequest } from "../shared/api.js";
import { clear, h } from "../shared/dom.js";
import { WORDS } from "./words.js";

export class InvitePanel {
  constructor(root, { tableId }) {
    this.root = root;
    this.tableId = tableId;
    this.invited = new Set();
  }

  async start() {
    this.root.hidden = false;
    clear(this.root);
    this.root.setAttribute("aria-labelledby", "invite-title");
    this.list = h("ul", { class: "friend-list", "data-testid": "invite-friends" });
    this.error = h("p", { class: "chat-error", role: "alert", hidden: true });
    this.root.append(h("h2", { id: "invite-title" }, WORDS.friendsTitle), this.list, this.error);
    try {
      this.friends = await apiRequest("GET", "/friends");
    } catch (error) {
      this.showError(error.detail || String(error));
      this.friends = [];
    }
    this.render();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  render() {
    clear(this.list);
    if (!this.friends.length) this.list.append(h("li", { class: "muted" }, WORDS.friendsEmpty));
    for (const friend of this.friends) {
      const invited = this.invited.has(friend.username);
      this.list.append(h("li", { class: "friend-row", "data-friend": friend.username }, [
        h("span", { class: ["presence-dot", friend.online && "is-online"], "aria-hidden": "true" }),
        h("span", { class: "friend-name" }, friend.display_name),
        h("span", { class: "muted" }, friend.online ? WORDS.online : WORDS.offline),
        invited
          ? h("span", { class: "muted", "data-testid": "invited" }, WORDS.invited)
          : h("button", { type: "button", class: "button button--small", onclick: () => this.invite(friend) }, WORDS.invite(friend.display_name)),
      ]));
    }
  }

  async invite(friend) {
    try {
      await apiRequest("POST", `/tables/${this.tableId}/invitations`, { username: friend.username });
      this.invited.add(friend.username);
      this.showError("");
    } catch (error) {
      this.showError(error.detail || String(error));
    }
    this.render();
  }
}
