// The table's live connection: a full state on connect, then deltas (the parts
// that changed and the log's new lines) over a WebSocket, with reconnects
// (growing delays); a delta whose number does not follow the last message's
// asks for a full state (resync), so a lost connection catches up by itself.
// If no socket can be opened, it falls back to polling.

import { Close } from "./protocol.js";

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10000;
const PING_MS = 20000;
const POLL_MS = 3000;

export class TableSocket {
  /**
   * tableId, token (or null), lastSeq() -> number,
   * handlers: {onState, onError, onStatus(text|null), poll(), onSeatLost(why), onChat(msg),
   *   onOpened(): the connection's opening state arrived (what it did not hear before may be read now)}
   */
  constructor(tableId, token, lastSeq, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.lastSeq = lastSeq;
    this.handlers = handlers;
    this.delay = MIN_DELAY_MS;
    this.closed = false;
    this.failures = 0;
    this.ws = null;
    this.body = null; // the state the socket's deltas apply to
    this.n = 0; // the number of the last message it was sent
    this.pingTimer = null;
    this.retryTimer = null;
    this.pollTimer = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    params.set("since", String(this.lastSeq()));
    params.set("deltas", "1");
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${params}`;
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    const openedWith = this.token;
    ws.onopen = () => {
      this.delay = MIN_DELAY_MS;
      this.failures = 0;
      this.stopPolling();
      this.handlers.onStatus(null);
      this.body = null; // the server opens with a full state
      this.opening = true;
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state" || msg.type === "delta") this.receive(ws, msg);
      else if (msg.type === "chat" && this.handlers.onChat) this.handlers.onChat(msg);
      else if (msg.type === "error" && msg.code === "forbidden") this.lostWhy = msg.message; // the close follows
      else if (msg.type === "error") this.handlers.onError(msg.message || "The server reported an error.");
    };
    ws.onclose = (ev) => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      if (this.closed) return;
      if (ev.code === Close.SEAT_LOST && openedWith !== this.token) {
        // The page has a new token for its seat (taken back): the old token's socket was closed, nothing lost.
        this.delay = MIN_DELAY_MS;
        this.connect();
        return;
      }
      if (ev.code === Close.SEAT_LOST) {
        // The seat changed hands (a bot stands in, the invite was used, signed out): the old token is
        // refused for good, so go on watching as a spectator instead of retrying with it.
        this.token = null;
        if (this.handlers.onSeatLost) this.handlers.onSeatLost(this.lostWhy);
        this.delay = MIN_DELAY_MS;
        this.connect();
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {}; // onclose follows and handles it
  }

  /** A full state, or a delta onto the last one; a missed message asks for a full state. */
  receive(ws, msg) {
    if (msg.type === "state") {
      const { type, n, ...body } = msg;
      this.body = body;
      this.n = n;
      if (this.opening && this.handlers.onOpened) this.handlers.onOpened();
      this.opening = false;
    } else if (!this.body || msg.n !== this.n + 1) {
      // Ask once; the deltas that arrive before the full state are dropped.
      if (this.body) ws.send(JSON.stringify({ type: "resync", since: this.lastSeq() }));
      this.body = null;
      return;
    } else {
      const body = { ...this.body, ...msg.set };
      if (msg.log) body.log = this.body.log.slice(0, msg.log.keep).concat(msg.log.add);
      this.body = body;
      this.n = msg.n;
    }
    this.handlers.onState({ type: "state", ...this.body });
  }

  scheduleRetry() {
    this.failures += 1;
    this.handlers.onStatus("Connection lost. Reconnecting\u2026");
    // While the socket is down, keep the board current by polling.
    if (this.failures >= 2) this.startPolling();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  startPolling() {
    if (this.pollTimer || !this.handlers.poll) return;
    this.pollTimer = setInterval(() => this.handlers.poll(), POLL_MS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** A new seat token (the seat was taken back): reconnect with it. */
  setToken(token) {
    this.token = token;
    if (this.ws) this.ws.close(); // onclose reconnects with the new URL
    else this.kick();
  }

  /** Reconnect now (the browser came back online or the tab became visible). */
  kick() {
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    clearTimeout(this.retryTimer);
    this.delay = MIN_DELAY_MS;
    this.connect();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.stopPolling();
    if (this.ws) this.ws.close();
  }
}
