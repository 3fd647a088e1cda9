// The game WebSocket protocol (/ws/games/<id>/): states in, moves out, reconnection with backoff.
// Everything the page knows about a running game arrives through here.

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 15000;
const PING_EVERY_MS = 25000;

export function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${path}`;
}

export class GameConnection {
  // handlers: onState(message), onError(message), onPresence(message), onAnalysis(message),
  // onStatus("connecting"|"open"|"closed"),
  // onMessage(message): every message first (pages add their own panels: the rematch panel)
  constructor(gameId, handlers) {
    this.gameId = gameId;
    this.handlers = handlers;
    this.version = -1; // the version of the state currently shown
    this.socket = null;
    this.backoff = MIN_BACKOFF_MS;
    this.everOpened = false;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.listeners = new Map(); // type -> [fn]: other parts of the page (the chat) hear their messages
  }

  listen(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }

  connect() {
    this.stopped = false;
    this.handlers.onStatus?.("connecting");
    const socket = new WebSocket(socketUrl(`/ws/games/${this.gameId}/`));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = MIN_BACKOFF_MS;
      this.handlers.onStatus?.("open");
      // After a drop, ask for whatever we missed; the server also sends the state on connect.
      if (this.everOpened) this.send({ type: "sync", version: this.version });
      this.everOpened = true;
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      window.clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onStatus?.("closed");
      // 4404: no such game; retrying cannot help.
      if (this.stopped || event.code === 4404) return;
      this.retryTimer = window.setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    });
  }

  close() {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    window.clearInterval(this.pingTimer);
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
      // States can cross on the wire (a broadcast and a sync answer): never go back in time.
      if (typeof message.version === "number" && message.version < this.version) return;
      this.version = message.version;
      this.handlers.onState?.(message);
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
