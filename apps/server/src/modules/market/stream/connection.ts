import { WS_CLOSE, wsClientMessage, type WsServerMessage } from "@brokerage/api";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { Clock } from "../../../lib/clock.js";
import {
  endsSession,
  type LiveSession,
  type SessionsEnded,
  type SessionService,
} from "../../session/index.js";
import type { MarketService } from "../service.js";
import { tickJson, ticksMessage, type TickHub, type TickListener } from "./hub.js";
import type { SocketCaps, SocketRegistry } from "./registry.js";

export interface StreamLimits extends SocketCaps {
  /** The first message must authenticate within this time. */
  authTimeoutMs: number;
  heartbeatMs: number;
  /**
   * How often an open socket re-checks its session: the fallback for an event that was lost. Expiry needs
   * no re-check: each socket has a timer set to its session's expiry.
   */
  sessionCheckMs: number;
  /** A client whose unsent data exceeds this is too slow to follow the stream and is closed. */
  maxBufferedBytes: number;
  maxSymbols: number;
}

export interface ConnectionDeps {
  sessions: SessionService;
  market: MarketService;
  hub: TickHub;
  clock: Clock;
  limits: StreamLimits;
  log: FastifyBaseLogger;
  /** Counts this connection, from its opening (by the route) to its end. */
  registry: SocketRegistry<StreamConnection>;
}

/** Node runs a longer timeout at once; a session's expiry (up to 30 days) is reached in steps of this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One client socket: authenticates with its first message, then subscribes and unsubscribes per
 * symbol. Messages are handled one at a time, in order, so a subscribe sent right after the auth waits
 * for the auth to finish.
 */
export class StreamConnection {
  private session: LiveSession | null = null;
  private credentials: { token: string; account: string } | null = null;
  private sessionCheckedAt = 0;
  /** Sessions ended while the auth was being checked: the check may have read them before they ended. */
  private endedDuringAuth: SessionsEnded[] | null = null;
  private closed = false;
  private readonly symbols = new Set<string>();
  private readonly authTimer: NodeJS.Timeout;
  private expiryTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly onTicks: TickListener = (ticks) => this.sendTicks(ticks);

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.authTimer = setTimeout(() => this.reject(), deps.limits.authTimeoutMs);
    socket.on("message", (data, isBinary) => {
      const text = isBinary ? "" : data.toString();
      this.queue = this.queue.then(() => this.handle(text)).catch((err) => this.fail(err));
    });
    socket.on("close", () => this.dispose());
    socket.on("error", () => this.dispose());
  }

  get authenticated(): boolean {
    return this.session !== null && !this.closed;
  }

  send(message: WsServerMessage): void {
    this.write(JSON.stringify(message));
  }

  /** Ticks as one `ticks` message: a round's moves of this client's symbols, or a subscribe's quotes. */
  sendTicks(ticks: readonly Buffer[]): void {
    if (ticks.length > 0) this.write(ticksMessage(ticks));
  }

  /** Sends unless the client is not keeping up; never lets the send buffer grow without bound. */
  private write(data: string | Buffer): void {
    if (this.closed || this.tooSlow()) return;
    this.socket.send(data, { binary: false });
  }

  /** Closes the client when its unsent data passes the limit, instead of buffering without bound. */
  private tooSlow(): boolean {
    if (this.socket.bufferedAmount <= this.deps.limits.maxBufferedBytes) return false;
    this.deps.log.info({ account: this.session?.account }, "closing a slow socket client");
    this.close(WS_CLOSE.slowConsumer, "too slow");
    return true;
  }

  private async handle(text: string): Promise<void> {
    if (this.closed) return;
    const parsed = wsClientMessage.safeParse(parseJson(text));
    if (!this.session) {
      if (!parsed.success || parsed.data.op !== "auth") return this.reject();
      this.endedDuringAuth = [];
      const session = await this.deps.sessions.authenticate(parsed.data.token, parsed.data.account);
      const ended = this.endedDuringAuth;
      this.endedDuringAuth = null;
      if (this.closed) return; // timed out meanwhile
      if (!session || ended.some((event) => endsSession(event, session))) return this.reject();
      clearTimeout(this.authTimer);
      if (!this.deps.registry.promote(this, session.userId)) {
        return this.close(WS_CLOSE.tooManySockets, "too many sockets");
      }
      this.session = session;
      this.credentials = { token: parsed.data.token, account: parsed.data.account };
      this.sessionCheckedAt = this.deps.clock.now().getTime();
      this.closeAtExpiry(session.expiresAt);
      return this.send({ type: "ready", account: session.account });
    }
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "message";
      return this.send({ type: "error", code: "INVALID_INPUT", params: { field } });
    }
    const message = parsed.data;
    switch (message.op) {
      case "auth":
        return this.send({ type: "error", code: "INVALID_INPUT", params: { field: "op" } });
      case "ping":
        return this.send({ type: "pong", ts: this.deps.clock.now().toISOString() });
      case "subscribe":
        return this.subscribe(message.symbols);
      case "unsubscribe":
        return this.unsubscribe(message.symbols);
    }
  }

  private subscribe(requested: readonly string[]): void {
    const unknown: string[] = [];
    const added: string[] = [];
    let overCap = false;
    for (const symbol of new Set(requested)) {
      if (this.symbols.has(symbol)) continue;
      if (!this.deps.market.exists(symbol)) {
        unknown.push(symbol);
      } else if (this.symbols.size >= this.deps.limits.maxSymbols) {
        overCap = true;
      } else {
        this.symbols.add(symbol);
        added.push(symbol);
        this.deps.hub.subscribe(symbol, this.onTicks);
      }
    }
    if (unknown.length > 0) this.send({ type: "error", code: "UNKNOWN_SYMBOL", symbols: unknown });
    if (overCap) {
      const max = String(this.deps.limits.maxSymbols);
      this.send({ type: "error", code: "INVALID_INPUT", params: { field: "symbols", max } });
    }
    this.send({ type: "subscribed", symbols: [...this.symbols] });
    // The current price at once, so the client does not wait for the next move.
    this.sendTicks(this.deps.market.quotes(added).map(tickJson));
  }

  private unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      if (this.symbols.delete(symbol)) this.deps.hub.unsubscribe(symbol, this.onTicks);
    }
    this.send({ type: "unsubscribed", symbols: [...symbols] });
  }

  heartbeat(now: Date): void {
    if (!this.authenticated) return;
    this.send({ type: "heartbeat", ts: now.toISOString() });
    if (now.getTime() - this.sessionCheckedAt >= this.deps.limits.sessionCheckMs) {
      this.sessionCheckedAt = now.getTime();
      this.queue = this.queue.then(() => this.recheckSession()).catch((err) => this.fail(err));
    }
  }

  /** Closes the stream when the event ends its session; an auth being checked takes note of it. */
  sessionsEnded(event: SessionsEnded): void {
    if (this.closed) return;
    if (this.session) {
      if (endsSession(event, this.session)) this.reject();
    } else {
      this.endedDuringAuth?.push(event);
    }
  }

  /** A session that was logged out, revoked by a password change or has expired closes the stream. */
  private async recheckSession(): Promise<void> {
    if (this.closed || !this.credentials) return;
    const session = await this.deps.sessions.authenticate(this.credentials.token, this.credentials.account);
    if (!session) return this.reject();
    if (!this.closed) this.closeAtExpiry(session.expiresAt);
  }

  /**
   * Re-checks the session when it expires, by the clock: it closes the stream then, unless the session was
   * used meanwhile and its idle expiry moved on, which sets the timer again.
   */
  private closeAtExpiry(expiresAt: number): void {
    clearTimeout(this.expiryTimer);
    const delay = Math.min(Math.max(expiresAt - this.deps.clock.now().getTime(), 0), MAX_TIMER_MS);
    this.expiryTimer = setTimeout(() => {
      this.queue = this.queue.then(() => this.recheckSession()).catch((err) => this.fail(err));
    }, delay);
    this.expiryTimer.unref();
  }

  private reject(): void {
    this.send({ type: "error", code: "UNAUTHORIZED" });
    this.close(WS_CLOSE.unauthorized, "unauthorized");
  }

  private fail(error: unknown): void {
    this.deps.log.error({ err: error }, "socket message failed");
    this.send({ type: "error", code: "INTERNAL" });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.deps.registry.remove(this);
    for (const symbol of this.symbols) this.deps.hub.unsubscribe(symbol, this.onTicks);
    this.symbols.clear();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
