// The game WebSocket protocol (/ws/games/<id>/): states in, moves out, reconnection with jittered
// backoff. Everything the page knows about a running game arrives through here.

import { Backoff } from "./backoff.js";

const PING_EVERY_MS = 25000;
// Broadcasts are at most once: a server process killed between committing a move and publishing
// it loses that one state for everyone else. A socket that has heard no state this long asks.
const QUIET_SYNC_MS = 30000;

export function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${path}`;
}

export class GameConnection {
  // handlers: onState(message, {resync}), onError(message), onPresence(message), onAnalysis(message),
  // onStatus("connecting"|"open"|"closed"),
  // onMessage(message): every message first (pages add their own panels: the rematch panel)
  constructor(gameId, handlers) {
    this.gameId = gameId;
    this.handlers = handlers;
    this.version = -1; // the version of the state currently shown
    this.socket = null;
    this.backoff = new Backoff();
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.quietTimer = null;
    this.listeners = new Map(); // type -> [fn]: other parts of the page (the chat) hear their messages
  }

  listen(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }

  connect() {
    this.stopped = false;
    this.resyncing = true; // the next state is the server's answer to this connect
    this.handlers.onStatus?.("connecting");
    const socket = new WebSocket(socketUrl(`/ws/games/${this.gameId}/`));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.handlers.onStatus?.("open");
      // No sync here: the server sends the current state on every connect, which is the resync
      // after a drop (a second one would double the database work of a reconnect storm).
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      this.backoff.reset();
      this.receive(event.data);
    });
    socket.addEventListener("close", (event) => {
      window.clearInterval(this.pingTimer);
      window.clearTimeout(this.quietTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onStatus?.("closed");
      const delay = this.backoff.afterClose(event.code);
      if (this.stopped || delay === null) return;
      this.retryTimer = window.setTimeout(() => this.connect(), delay);
    });
  }

  close() {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.quietTimer);
    if (this.socket) this.socket.close();
    this.socket = null;
  }

  receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    this.handlers.onMessage?.(message);
    if (message.type === "state") {
      window.clearTimeout(this.quietTimer);
      if (message.status === "playing") {
        this.quietTimer = window.setTimeout(() => this.send({ type: "sync", version: this.version }), QUIET_SYNC_MS);
      }
      // States can cross on the wire (a broadcast and a sync answer): never go back in time. A
      // takeback takes the version back; its count (takeback.done) orders states before it.
      const epoch = (message.takeback && message.takeback.done) || 0;
      if (epoch < (this.epoch || 0)) return;
      if (epoch === (this.epoch || 0) && typeof message.version === "number" && message.version < this.version) return;
      this.epoch = epoch;
      this.version = message.version;
      // resync: the first state on a fresh socket. A move sent on the socket that dropped and
      // not in this state was never committed, and may be played again.
      const resync = this.resyncing;
      this.resyncing = false;
      this.handlers.onState?.(message, { resync });
      // shared/sound.js hears every state shown (a page's `quiet` connection: none of its sounds).
      document.dispatchEvent(new CustomEvent("game-state", { detail: { message, resync, quiet: Boolean(this.handlers.quiet) } }));
    } else if (message.type === "error") {
      this.handlers.onError?.(message);
    } else if (message.type === "presence") {
      this.handlers.onPresence?.(message);
    } else if (message.type === "analysis") {
      this.handlers.onAnalysis?.(message);
    }
    for (const fn of this.listeners.get(message.type) || []) fn(message);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  sendMove(move) {
    return this.send({ type: "move", move, version: this.version });
  }

  resign() {
    return this.send({ type: "resign" });
  }

  get isOpen() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
  }
}
