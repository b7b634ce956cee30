import { WS_CLOSE, WS_MAX_SYMBOLS } from "@brokerage/api/constants";
import type { WsClientMessage, WsServerMessage } from "@brokerage/api";

/** The live part of a quote: what a socket tick (or a polled quote) carries. */
export interface LivePrice {
  symbol: string;
  close: string;
  gainValue: string;
  gain: string;
  volume: number;
  /** The price's market instant (ISO-8601). */
  timestamp: string;
  status: "open" | "break" | "closed";
  /** Client clock when it arrived, epoch ms. */
  receivedAt: number;
}

/** idle: nothing watched · connecting · live: socket authenticated · polling: socket down, quotes polled. */
export type FeedState = "idle" | "connecting" | "live" | "polling";

/** A leveraged position of the user fell to a margin-call level (the server's `marginCall` message). */
export type MarginCallEvent = Extract<WsServerMessage, { type: "marginCall" }>;

/** One of the user's price alerts fired (the server's `priceAlert` message: the inbox message's kind and params). */
export type PriceAlertEvent = Extract<WsServerMessage, { type: "priceAlert" }>;

/** The part of the browser WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface MarketFeedOptions {
  url: () => string;
  session: () => { token: string; account: string } | null;
  createSocket: (url: string) => SocketLike;
  /** The watched symbols' quotes for the polling fallback, in one call (those without a price left out). */
  fetchQuotes: (symbols: readonly string[]) => Promise<Omit<LivePrice, "receivedAt">[]>;
  pollMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * The least wait before trying again after the server refused the socket for holding too many
   * (4429, 4430): the same tabs or the same network are still there, so trying soon would fail again.
   */
  crowdedBackoffMs?: number;
  /** How long the socket stays open after the last symbol is released (navigation churn). */
  idleCloseMs?: number;
  now?: () => number;
  random?: () => number;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * One shared quote feed: components watch symbols (reference-counted), the feed subscribes each symbol
 * once on the socket, reconnects with exponential backoff, and polls the quotes while the socket is down.
 */
export class MarketFeed {
  private readonly refs = new Map<string, number>();
  /** Holders of the socket with no symbol (the signed-in app: its own events reach every screen). */
  private holds = 0;
  private readonly latest = new Map<string, LivePrice>();
  private readonly symbolListeners = new Map<string, Set<() => void>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly marginCallListeners = new Set<(call: MarginCallEvent) => void>();
  private readonly priceAlertListeners = new Set<(event: PriceAlertEvent) => void>();
  private socket: SocketLike | null = null;
  private authed = false;
  private state: FeedState = "idle";
  private attempts = 0;
  private refusedToken: string | null = null;
  private reconnectTimer: Timer | null = null;
  private pollTimer: Timer | null = null;
  private pollGeneration = 0;
  private idleTimer: Timer | null = null;
  private readonly opt: Required<MarketFeedOptions>;

  constructor(options: MarketFeedOptions) {
    this.opt = {
      pollMs: 5_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 30_000,
      crowdedBackoffMs: 60_000,
      idleCloseMs: 10_000,
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  getState = (): FeedState => this.state;
  getPrice = (symbol: string): LivePrice | undefined => this.latest.get(symbol);
  /** Symbols currently watched (for tests and diagnostics). */
  watched = (): string[] => [...this.refs.keys()];

  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** `listener` hears the user's margin calls the socket brings (while it is connected). */
  onMarginCall(listener: (call: MarginCallEvent) => void): () => void {
    this.marginCallListeners.add(listener);
    return () => this.marginCallListeners.delete(listener);
  }

  /** `listener` hears the user's fired price alerts the socket brings (while it is connected). */
  onPriceAlert(listener: (event: PriceAlertEvent) => void): () => void {
    this.priceAlertListeners.add(listener);
    return () => this.priceAlertListeners.delete(listener);
  }

  /**
   * Keeps the socket open with no symbol watched, for the user's own events (margin calls, fired price
   * alerts): while the app holds it, they reach whatever screen is open. Returns the release function; the
   * socket closes some time after the last watch and hold are released.
   */
  hold(): () => void {
    this.holds += 1;
    this.onWanted();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (!this.wanted()) this.onIdle();
    };
  }

  /** Watch a symbol; `onChange` runs when its price changes. Returns the release function. */
  watch(symbol: string, onChange: () => void): () => void {
    let listeners = this.symbolListeners.get(symbol);
    if (!listeners) this.symbolListeners.set(symbol, (listeners = new Set()));
    listeners.add(onChange);
    const count = this.refs.get(symbol) ?? 0;
    this.refs.set(symbol, count + 1);
    this.onWatch(symbol, count === 0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      listeners.delete(onChange);
      const left = (this.refs.get(symbol) ?? 1) - 1;
      if (left > 0) return void this.refs.set(symbol, left);
      this.refs.delete(symbol);
      this.symbolListeners.delete(symbol);
      if (this.authed) this.send({ op: "unsubscribe", symbols: [symbol] });
      if (!this.wanted()) this.onIdle();
    };
  }

  /** Accepts a price unless an equal or newer one is already known. */
  publish(price: LivePrice): void {
    const known = this.latest.get(price.symbol);
    if (known && Date.parse(known.timestamp) > Date.parse(price.timestamp)) return;
    if (known && known.timestamp === price.timestamp && known.close === price.close) return;
    this.latest.set(price.symbol, price);
    this.symbolListeners.get(price.symbol)?.forEach((listener) => listener());
  }

  /**
   * The session ended (log-out, a 401): drops the socket, the reconnect and the polling at once. The
   * watches and holds stay counted; the feed connects again when a symbol is next watched or the socket
   * next held, with the session of that moment.
   */
  disconnect(): void {
    this.closeSocket();
    this.clearTimers();
    this.attempts = 0;
    this.refusedToken = null;
    this.setState("idle");
  }

  /** Forgets every watch and disconnects (tests). */
  shutdown(): void {
    this.refs.clear();
    this.holds = 0;
    this.symbolListeners.clear();
    this.disconnect();
  }

  /** Whether anything needs the socket: a watched symbol or a hold. */
  private wanted(): boolean {
    return this.refs.size > 0 || this.holds > 0;
  }

  private onWatch(symbol: string, first: boolean): void {
    if (this.authed) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      if (first) this.send({ op: "subscribe", symbols: [symbol] });
    } else this.onWanted();
  }

  /** Something needs the socket: no idle close, and a connection unless one is open or coming. */
  private onWanted(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.authed && !this.socket && !this.reconnectTimer) this.connect();
  }

  private onIdle(): void {
    this.stopPolling();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.closeSocket();
      this.setState("idle");
    }, this.opt.idleCloseMs);
  }

  private connect(): void {
    const session = this.opt.session();
    // Without a usable session, poll; keep retrying (slowly) so a new log-in brings the socket back.
    if (!session || session.token === this.refusedToken) return this.scheduleReconnect();
    this.setState(this.state === "polling" ? "polling" : "connecting");
    let socket: SocketLike;
    try {
      socket = this.opt.createSocket(this.opt.url());
    } catch {
      return this.scheduleReconnect();
    }
    this.socket = socket;
    socket.onopen = () => this.send({ op: "auth", ...session }, true);
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authed = false;
      if (event.code === WS_CLOSE.unauthorized) this.refusedToken = session.token;
      const crowded = event.code === WS_CLOSE.tooManySockets || event.code === WS_CLOSE.tooManyPending;
      if (this.wanted()) this.scheduleReconnect(crowded ? this.opt.crowdedBackoffMs : 0);
    };
  }

  private onMessage(data: unknown): void {
    let message: WsServerMessage;
    try {
      message = JSON.parse(String(data)) as WsServerMessage;
    } catch {
      return;
    }
    if (message.type === "ready") {
      this.authed = true;
      this.attempts = 0;
      this.stopPolling();
      this.setState("live");
      const symbols = this.watched();
      if (symbols.length > 0) this.send({ op: "subscribe", symbols });
    } else if (message.type === "ticks") {
      const receivedAt = this.opt.now();
      for (const { sentAt: _sentAt, ...price } of message.ticks) this.publish({ ...price, receivedAt });
    } else if (message.type === "marginCall") {
      for (const listener of this.marginCallListeners) listener(message);
    } else if (message.type === "priceAlert") {
      for (const listener of this.priceAlertListeners) listener(message);
    }
  }

  private scheduleReconnect(minDelayMs = 0): void {
    this.startPolling();
    if (this.reconnectTimer) return;
    const backoff = Math.min(this.opt.backoffMaxMs, this.opt.backoffBaseMs * 2 ** this.attempts);
    const delay = Math.max(minDelayMs, backoff);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        if (this.wanted() && !this.socket) this.connect();
      },
      delay * (0.75 + 0.5 * this.opt.random()),
    );
  }

  private startPolling(): void {
    this.setState("polling");
    if (this.pollTimer) return;
    // A tick's fetches can outlive the loop that started them (the socket came back, then dropped again
    // and a new loop started): only a tick of the current generation may schedule the next one.
    const generation = ++this.pollGeneration;
    const tick = async () => {
      // One call a round for the watched symbols (a call per WS_MAX_SYMBOLS of them); a call that fails
      // publishes nothing and the next round tries again.
      const symbols = this.watched();
      const calls: string[][] = [];
      for (let i = 0; i < symbols.length; i += WS_MAX_SYMBOLS)
        calls.push(symbols.slice(i, i + WS_MAX_SYMBOLS));
      const answers = await Promise.all(calls.map((some) => this.opt.fetchQuotes(some).catch(() => [])));
      for (const price of answers.flat()) this.publish({ ...price, receivedAt: this.opt.now() });
      if (generation === this.pollGeneration) this.pollTimer = setTimeout(() => void tick(), this.opt.pollMs);
    };
    this.pollTimer = setTimeout(() => void tick(), this.opt.pollMs);
  }

  private stopPolling(): void {
    this.pollGeneration += 1;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private send(message: WsClientMessage, evenBeforeAuth = false): void {
    if (!this.socket || (!this.authed && !evenBeforeAuth)) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      // a closing socket: its onclose reconnects
    }
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.authed = false;
    socket?.close(1000);
  }

  private clearTimers(): void {
    this.stopPolling();
    for (const timer of [this.reconnectTimer, this.idleTimer]) if (timer) clearTimeout(timer);
    this.reconnectTimer = this.idleTimer = null;
  }

  private setState(state: FeedState): void {
    if (state === this.state) return;
    this.state = state;
    this.stateListeners.forEach((listener) => listener());
  }
}
