// The table chat under a game (live page) or its replay (read-only): messages from
// GET /games/<id>/chat, new ones from the game socket's `chat` events, posts through
// POST /games/<id>/chat. Text always goes through textContent (dom.js): markup and links show as typed.

import { apiRequest } from "../shared/api.js";
import { clear, h } from "../shared/dom.js";
import { WORDS } from "./words.js";

const MAX_LENGTH = 300;

async function allMessages(gameId) {
  const messages = [];
  let page = 1;
  for (;;) {
    const data = await apiRequest("GET", `/games/${gameId}/chat?page=${page}`);
    messages.push(...data.results);
    if (!data.next) return messages;
    page += 1;
  }
}

export class ChatPanel {
  // connection: a GameConnection (live page) or null (replay); channel: the one this viewer reads.
  constructor(root, { gameId, username, connection = null, channel = "spectators", readOnly = false }) {
    this.root = root;
    this.gameId = gameId;
    this.username = username || null;
    this.connection = connection;
    this.channel = channel;
    this.readOnly = readOnly;
    this.messages = new Map(); // id -> message, in arrival order
    this.reported = new Set();
    this.errorText = "";
  }

  async start() {
    this.build();
    if (this.connection) {
      this.connection.listen("chat", (event) => this.add(event.message));
      this.connection.listen("state", (state) => {
        if (state.status !== "playing" && !this.readOnly) this.setReadOnly();
      });
    }
    try {
      for (const message of await allMessages(this.gameId)) this.add(message, false);
    } catch (error) {
      this.showError(error.detail || String(error));
    }
    this.renderList();
  }

  build() {
    clear(this.root);
    const heading = h("h2", { id: `chat-title-${this.gameId}`, class: "chat-title" }, [
      WORDS.chatTitle,
      this.connection ? h("span", { class: "chat-channel", "data-testid": "chat-channel" }, ` · ${this.channelName(this.channel)}`) : null,
    ]);
    this.root.setAttribute("aria-labelledby", heading.id);
    const note = this.connection
      ? (this.channel === "players" ? WORDS.channelNotePlayers : WORDS.channelNoteSpectators)
      : WORDS.replayNote;
    // The log region scrolls (and is focusable, so the keyboard scrolls it); the list inside keeps list semantics.
    this.list = h("ol", { class: "chat-list" });
    this.scroller = h("div", { class: "chat-messages", role: "log", "aria-live": "polite", "aria-labelledby": heading.id, tabindex: "0", "data-testid": "chat-messages" }, [this.list]);
    this.error = h("p", { class: "chat-error", role: "alert", "data-testid": "chat-error", hidden: true });
    this.notice = h("p", { class: "muted chat-notice", role: "status", "data-testid": "chat-notice" });
    this.formHost = h("div", { class: "chat-form-host" });
    this.root.append(heading, h("p", { class: "muted chat-note" }, note), this.scroller, this.error, this.notice, this.formHost);
    this.renderForm();
  }

  channelName(channel) {
    return channel === "players" ? WORDS.channelPlayers : WORDS.channelSpectators;
  }

  renderForm() {
    clear(this.formHost);
    if (!this.connection || this.readOnly) {
      if (this.connection) this.formHost.append(h("p", { class: "muted", "data-testid": "chat-read-only" }, WORDS.readOnly));
      return;
    }
    if (!this.username) {
      this.formHost.append(h("p", { class: "muted", "data-testid": "chat-log-in" }, [h("a", { href: `/accounts/login/?next=${encodeURIComponent(window.location.pathname)}` }, WORDS.logInToChat)]));
      return;
    }
    const inputId = `chat-input-${this.gameId}`;
    this.input = h("input", { id: inputId, name: "text", type: "text", maxlength: String(MAX_LENGTH), autocomplete: "off", "data-testid": "chat-input" });
    const form = h("form", { class: "chat-form", novalidate: true, onsubmit: (event) => this.submit(event) }, [
      h("label", { for: inputId, class: "visually-hidden" }, WORDS.messageLabel),
      this.input,
      h("button", { type: "submit", class: "button", "data-testid": "chat-send" }, WORDS.send),
    ]);
    this.formHost.append(form);
  }

  setReadOnly() {
    this.readOnly = true;
    this.renderForm();
  }

  async submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > MAX_LENGTH) {
      this.showError(WORDS.tooLong(MAX_LENGTH));
      return;
    }
    try {
      const message = await apiRequest("POST", `/games/${this.gameId}/chat`, { text });
      this.input.value = "";
      this.showError("");
      this.add(message); // the socket's copy may come first or second: the id is kept once
    } catch (error) {
      if (error.code === "chat_read_only") this.setReadOnly();
      this.showError(error.detail || String(error));
    }
    this.input?.focus();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  add(message, render = true) {
    if (!message || this.messages.has(message.id)) return;
    this.messages.set(message.id, message);
    if (render) this.renderList();
  }

  renderList() {
    const box = this.scroller;
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
    clear(this.list);
    if (!this.messages.size) this.list.append(h("li", { class: "muted chat-empty" }, WORDS.noMessages));
    for (const message of this.messages.values()) this.list.append(this.renderMessage(message));
    if (atBottom) box.scrollTop = box.scrollHeight;
  }

  renderMessage(message) {
    const own = this.username && message.author === this.username;
    const actions = [];
    if (this.username && !own) {
      actions.push(
        h("button", { type: "button", class: "link-button chat-action", "data-mute": message.author, onclick: () => this.mute(message) }, WORDS.mute(message.author_name)),
        this.reported.has(message.id)
          ? h("span", { class: "muted chat-action" }, WORDS.reported)
          : h("button", { type: "button", class: "link-button chat-action", "data-report": String(message.id), "aria-label": WORDS.reportLabel(message.author_name), onclick: () => this.report(message) }, WORDS.report),
      );
    }
    return h("li", { class: ["chat-message", `chat-message--${message.channel}`], "data-message": String(message.id), "data-author": message.author }, [
      h("span", { class: "chat-meta" }, [
        h("span", { class: "chat-ply" }, WORDS.move(message.ply)),
        this.connection ? null : h("span", { class: "chat-tag" }, this.channelName(message.channel)),
        h("span", { class: "chat-author" }, message.author_name),
      ]),
      h("span", { class: "chat-text", "data-testid": "chat-text" }, message.text),
      actions.length ? h("span", { class: "chat-actions" }, actions) : null,
    ]);
  }

  async mute(message) {
    try {
      await apiRequest("POST", "/mutes", { username: message.author });
    } catch (error) {
      this.showError(error.detail || String(error));
      return;
    }
    for (const [id, kept] of this.messages) if (kept.author === message.author) this.messages.delete(id);
    this.showError("");
    this.renderList();
    this.notice.textContent = WORDS.muted(message.author_name);
    this.input?.focus();
  }

  async report(message) {
    try {
      await apiRequest("POST", `/games/${this.gameId}/chat/${message.id}/report`, {});
    } catch (error) {
      if (error.code !== "already_reported") {
        this.showError(error.detail || String(error));
        return;
      }
    }
    this.reported.add(message.id);
    this.renderList();
  }
}
