import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WS_CLOSE } from "@brokerage/api";
import { MarketFeed, type LivePrice, type MarketFeedOptions, type SocketLike } from "./marketSocket";

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  /** Server side of the fake. */
  open() {
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const tick = (symbol: string, close: string, second: number) => ({
  symbol,
  close,
  gainValue: "1.00",
  gain: "0.10",
  volume: 10,
  timestamp: `2026-01-05T10:00:${String(second).padStart(2, "0")}.000Z`,
  status: "open" as const,
  sentAt: 1_767_607_200_000,
});
const ticks = (...batch: ReturnType<typeof tick>[]) => ({ type: "ticks", ticks: batch });

describe("MarketFeed", () => {
  let sockets: FakeSocket[];
  let session: { token: string; account: string } | null;
  let fetchQuotes: ReturnType<
    typeof vi.fn<(symbols: readonly string[]) => Promise<Omit<LivePrice, "receivedAt">[]>>
  >;
  let feed: MarketFeed;
  const last = () => sockets[sockets.length - 1]!;
  const makeFeed = (options: Partial<MarketFeedOptions> = {}) =>
    new MarketFeed({
      url: () => "ws://test/api/ws",
      session: () => session,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      fetchQuotes,
      random: () => 0.5,
      ...options,
    });
  const connectReady = () => {
    last().open();
    last().receive({ type: "ready", account: "u1" });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    session = { token: "t1", account: "u1" };
    fetchQuotes = vi.fn(async (symbols: readonly string[]) =>
      symbols.map((symbol) => {
        const { sentAt: _sentAt, ...quote } = tick(symbol, "99.00", 30);
        return quote;
      }),
    );
    feed = makeFeed();
  });
  afterEach(() => {
    feed.shutdown();
    vi.useRealTimers();
  });

  it("authenticates first, then subscribes every watched symbol once", () => {
    const releaseA = feed.watch("BTCUSD", () => undefined);
    const releaseB = feed.watch("BTCUSD", () => undefined);
    feed.watch("ETHUSD", () => undefined);
    expect(sockets).toHaveLength(1);
    connectReady();
    expect(last().sent).toEqual([
      { op: "auth", token: "t1", account: "u1" },
      { op: "subscribe", symbols: ["BTCUSD", "ETHUSD"] },
    ]);
    expect(feed.getState()).toBe("live");

    releaseA();
    expect(last().sent).toHaveLength(2);
    releaseB();
    releaseB();
    expect(last().sent[2]).toEqual({ op: "unsubscribe", symbols: ["BTCUSD"] });
    expect(feed.watched()).toEqual(["ETHUSD"]);
  });

  it("subscribes a symbol watched after the socket is ready, and notifies only its watchers", () => {
    const onBtc = vi.fn();
    const onEth = vi.fn();
    feed.watch("BTCUSD", onBtc);
    connectReady();
    feed.watch("ETHUSD", onEth);
    expect(last().sent[2]).toEqual({ op: "subscribe", symbols: ["ETHUSD"] });
    last().receive(ticks(tick("BTCUSD", "100.00", 1)));
    expect(onBtc).toHaveBeenCalledTimes(1);
    expect(onEth).not.toHaveBeenCalled();
    expect(feed.getPrice("BTCUSD")?.close).toBe("100.00");
  });

  it("takes every tick of a batch, each for its own symbol", () => {
    vi.setSystemTime(1_767_607_201_000);
    const onBtc = vi.fn();
    const onEth = vi.fn();
    feed.watch("BTCUSD", onBtc);
    feed.watch("ETHUSD", onEth);
    connectReady();
    last().receive(ticks(tick("BTCUSD", "100.00", 1), tick("ETHUSD", "20.00", 1)));
    expect(onBtc).toHaveBeenCalledTimes(1);
    expect(onEth).toHaveBeenCalledTimes(1);
    expect(feed.getPrice("ETHUSD")).toEqual({
      ...tick("ETHUSD", "20.00", 1),
      sentAt: undefined,
      receivedAt: 1_767_607_201_000,
    });
    expect(feed.getPrice("BTCUSD")).not.toHaveProperty("sentAt");
  });

  it("hands a margin call to its listeners", () => {
    const heard = vi.fn();
    const stop = feed.onMarginCall(heard);
    feed.watch("DOTUSD", () => undefined);
    connectReady();
    const call = { type: "marginCall", orderId: "o1", symbol: "DOTUSD", level: "0.8", closeOut: "0.5" };
    last().receive(call);
    expect(heard).toHaveBeenCalledWith(call);
    stop();
    last().receive(call);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("hands a fired price alert to its listeners, and not to the margin-call ones", () => {
    const heard = vi.fn();
    const calls = vi.fn();
    const stop = feed.onPriceAlert(heard);
    feed.onMarginCall(calls);
    feed.watch("ETHUSD", () => undefined);
    connectReady();
    const fired = {
      type: "priceAlert",
      alertId: "a1",
      kind: "priceAlertMove",
      params: { symbol: "ETHUSD", move: "+0.12", percent: "0.1" },
    };
    last().receive(fired);
    expect(heard).toHaveBeenCalledWith(fired);
    expect(calls).not.toHaveBeenCalled();
    stop();
    last().receive(fired);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("ignores a price older than the one it has", () => {
    feed.watch("BTCUSD", () => undefined);
    connectReady();
    last().receive(ticks(tick("BTCUSD", "101.00", 5)));
    last().receive(ticks(tick("BTCUSD", "100.00", 4)));
    expect(feed.getPrice("BTCUSD")?.close).toBe("101.00");
  });

  it("polls every watched symbol in one call a round", async () => {
    feed.watch("BTCUSD", () => undefined);
    feed.watch("ETHUSD", () => undefined);
    connectReady();
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000); // backoff: the reconnect fails too
    last().drop();
    await vi.advanceTimersByTimeAsync(4_000); // first poll at 5 s
    expect(fetchQuotes).toHaveBeenCalledTimes(1);
    expect(fetchQuotes).toHaveBeenCalledWith(["BTCUSD", "ETHUSD"]);
    expect(feed.getPrice("ETHUSD")?.close).toBe("99.00");
  });

  it("polls the quotes while the socket is down and stops when it is back", async () => {
    feed.watch("BTCUSD", () => undefined);
    connectReady();
    last().drop();
    expect(feed.getState()).toBe("polling");

    await vi.advanceTimersByTimeAsync(1_000); // backoff 1 s: reconnect attempt (server still away)
    expect(sockets).toHaveLength(2);
    last().drop();
    await vi.advanceTimersByTimeAsync(4_000); // first poll at 5 s
    expect(fetchQuotes).toHaveBeenCalledWith(["BTCUSD"]);
    expect(feed.getPrice("BTCUSD")?.close).toBe("99.00");

    await vi.advanceTimersByTimeAsync(1_000); // second backoff 2 s → third socket
    expect(sockets).toHaveLength(3);
    connectReady();
    expect(feed.getState()).toBe("live");
    expect(last().sent[1]).toEqual({ op: "subscribe", symbols: ["BTCUSD"] });
    const polls = fetchQuotes.mock.calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchQuotes.mock.calls.length).toBe(polls);
  });

  it("runs one polling loop when the socket drops again while a poll is still fetching", async () => {
    feed.shutdown();
    feed = makeFeed({ pollMs: 100 });
    let resolvePending: (quote: null) => void = () => undefined;
    fetchQuotes.mockImplementationOnce(() => new Promise((resolve) => (resolvePending = () => resolve([]))));
    feed.watch("BTCUSD", () => undefined);
    connectReady();
    last().drop();
    await vi.advanceTimersByTimeAsync(100); // first poll: its fetch hangs
    expect(fetchQuotes).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(900); // backoff 1 s: the socket is back …
    connectReady();
    expect(feed.getState()).toBe("live");
    last().drop(); // … and gone again: a new polling loop starts
    resolvePending(null); // the old loop's fetch finally answers
    fetchQuotes.mockClear();

    await vi.advanceTimersByTimeAsync(950);
    expect(fetchQuotes).toHaveBeenCalledTimes(9); // one loop at 100 ms, not two

    await vi.advanceTimersByTimeAsync(50); // backoff again: the socket comes back and polling stops
    connectReady();
    fetchQuotes.mockClear();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchQuotes).not.toHaveBeenCalled();
  });

  it("backs off exponentially up to the maximum", async () => {
    feed.watch("BTCUSD", () => undefined);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = sockets.length;
      last().drop();
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it.each([WS_CLOSE.tooManySockets, WS_CLOSE.tooManyPending])(
    "polls and waits a long while before trying again when refused for too many sockets (%i)",
    async (code) => {
      feed.watch("BTCUSD", () => undefined);
      last().open();
      last().drop(code);
      expect(feed.getState()).toBe("polling");
      await vi.advanceTimersByTimeAsync(59_000);
      expect(sockets).toHaveLength(1);
      expect(fetchQuotes.mock.calls.length).toBeGreaterThanOrEqual(11); // every 5 s meanwhile

      await vi.advanceTimersByTimeAsync(1_000); // 60 s: one more try, with the same session
      expect(sockets).toHaveLength(2);
      connectReady();
      expect(last().sent[0]).toEqual({ op: "auth", token: "t1", account: "u1" });
      expect(feed.getState()).toBe("live");

      last().drop(); // an ordinary drop afterwards is retried as quickly as ever
      await vi.advanceTimersByTimeAsync(1_000);
      expect(sockets).toHaveLength(3);
    },
  );

  it("polls without a socket when there is no session or the token was refused, until a new log-in", async () => {
    session = null;
    feed.watch("BTCUSD", () => undefined);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchQuotes).toHaveBeenCalledTimes(1);
    feed.shutdown();

    session = { token: "revoked", account: "u1" };
    feed.watch("ETHUSD", () => undefined);
    last().open();
    last().drop(WS_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1); // no reconnect with a refused token
    expect(feed.getState()).toBe("polling");

    session = { token: "fresh", account: "u1" }; // logged in again
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets).toHaveLength(2);
    connectReady();
    expect(last().sent[0]).toEqual({ op: "auth", token: "fresh", account: "u1" });
    expect(feed.getState()).toBe("live");
  });

  it("closes the socket some time after the last symbol is released, unless one is watched again", async () => {
    const release = feed.watch("BTCUSD", () => undefined);
    connectReady();
    release();
    await vi.advanceTimersByTimeAsync(5_000);
    const releaseAgain = feed.watch("ETHUSD", () => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().closed).toBe(false);
    expect(sockets).toHaveLength(1);
    releaseAgain();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().closed).toBe(true);
    expect(feed.getState()).toBe("idle");
  });

  it("holds the socket open with no symbol watched, so the user's own events arrive on any screen", async () => {
    const heard = vi.fn();
    feed.onPriceAlert(heard);
    const release = feed.hold();
    expect(sockets).toHaveLength(1);
    connectReady();
    expect(last().sent).toEqual([{ op: "auth", token: "t1", account: "u1" }]);
    // A screen with prices comes and goes: the socket stays, as held.
    feed.watch("BTCUSD", () => undefined)();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(last().closed).toBe(false);
    const fired = {
      type: "priceAlert",
      alertId: "a1",
      kind: "priceAlertAbove",
      params: { symbol: "ETHUSD" },
    };
    last().receive(fired);
    expect(heard).toHaveBeenCalledWith(fired);
    // Dropped while held: it reconnects (polling meanwhile), with nothing watched.
    last().drop();
    expect(feed.getState()).toBe("polling");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    connectReady();
    expect(feed.getState()).toBe("live");
    release();
    release(); // twice is once
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().closed).toBe(true);
    expect(feed.getState()).toBe("idle");
  });

  it("drops the socket at once when the session ends, and connects again on the next watch", async () => {
    const release = feed.watch("BTCUSD", () => undefined);
    connectReady();
    session = null; // logged out
    feed.disconnect();
    expect(last().closed).toBe(true);
    expect(feed.getState()).toBe("idle");
    last().drop(1000); // the close arriving later changes nothing
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1); // no reconnect, no polling while nothing new is watched
    expect(fetchQuotes).not.toHaveBeenCalled();
    release();

    session = { token: "t2", account: "u2" }; // the next log-in
    feed.watch("ETHUSD", () => undefined);
    expect(sockets).toHaveLength(2);
    connectReady();
    expect(last().sent).toEqual([
      { op: "auth", token: "t2", account: "u2" },
      { op: "subscribe", symbols: ["ETHUSD"] },
    ]);
    expect(feed.getState()).toBe("live");
  });
});
