import { WS_CLOSE } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../../test/helper.js";
import { StreamConnection, wireFrame, type ConnectionDeps } from "./connection.js";

type Message = { type: string; symbol?: string; close?: string; code?: string; [key: string]: unknown };

/** A socket client that keeps every message and waits for the ones a test expects. */
class Client {
  readonly inbox: Message[] = [];
  readonly closed: Promise<number>;
  private wake = () => {};

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.inbox.push(JSON.parse(data.toString()) as Message);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message from `from` on that matches; fails after `waitMs`. */
  async next(match: (m: Message) => boolean, from = 0, waitMs = 5000): Promise<Message> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const found = this.inbox.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching message in ${JSON.stringify(this.inbox.slice(-20))}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
}

let t: TestApp;
let user: Session;
beforeAll(async () => {
  t = await buildTestApp({
    market: { tickIntervalMs: 20 },
    stream: { authTimeoutMs: 300, heartbeatMs: 100, maxSymbols: 3 },
  });
  t.clock.set("2026-03-02T05:30:00Z"); // NSE trading, crypto always
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const connect = async () => new Client(await t.app.injectWS("/api/ws"));
const authed = async () => {
  const client = await connect();
  client.send({ op: "auth", token: user.token, account: user.account });
  expect(await client.next((m) => m.type === "ready")).toEqual({ type: "ready", account: user.account });
  return client;
};
const isTick = (symbol: string) => (m: Message) => m.type === "tick" && m.symbol === symbol;

/** Moves the clock until the symbol's price changes; answers the tick of the new price. */
async function priceMove(client: Client, symbol: string, from: number): Promise<Message> {
  for (let step = 0; step < 50; step++) {
    t.clock.advance(7_000);
    const now = t.clock.now().toISOString();
    const tick = await client
      .next((m) => isTick(symbol)(m) && m.timestamp === now, from, 200)
      .catch(() => undefined);
    if (tick) return tick;
  }
  throw new Error(`${symbol} never moved`);
}

describe("the quote socket", () => {
  it("closes a client that does not authenticate in time", async () => {
    const client = await connect();
    expect(await client.closed).toBe(WS_CLOSE.unauthorized);
    expect(client.inbox).toEqual([{ type: "error", code: "UNAUTHORIZED" }]);
  });

  it("closes a client whose first message is not a valid auth", async () => {
    for (const first of [
      { op: "subscribe", symbols: ["BTCUSD"] },
      { op: "auth", token: "x".repeat(43), account: user.account },
      { op: "auth", token: user.token, account: "someone_else" },
    ]) {
      const client = await connect();
      client.send(first);
      expect(await client.closed).toBe(WS_CLOSE.unauthorized);
      expect(client.inbox).toEqual([{ type: "error", code: "UNAUTHORIZED" }]);
    }
  });

  it("streams ticks of subscribed symbols as prices move, and stops after unsubscribe", async () => {
    const client = await authed();
    client.send({ op: "subscribe", symbols: ["BTCUSD", "RELIANCE", "NOPE"] });
    expect(await client.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: "UNKNOWN_SYMBOL",
      symbols: ["NOPE"],
    });
    expect(await client.next((m) => m.type === "subscribed")).toEqual({
      type: "subscribed",
      symbols: ["BTCUSD", "RELIANCE"],
    });
    const first = await client.next(isTick("BTCUSD"));
    expect(first).toMatchObject({ status: "open", timestamp: t.clock.now().toISOString() });
    expect(first.sentAt).toEqual(expect.any(Number));
    await client.next(isTick("RELIANCE"));

    const moved = await priceMove(client, "BTCUSD", client.inbox.length);
    expect(moved.close).not.toBe(first.close);

    client.send({ op: "unsubscribe", symbols: ["BTCUSD"] });
    await client.next((m) => m.type === "unsubscribed");
    const mark = client.inbox.length;
    await priceMove(client, "RELIANCE", mark);
    await priceMove(client, "RELIANCE", client.inbox.length);
    expect(client.inbox.slice(mark).filter(isTick("BTCUSD"))).toEqual([]);
    client.ws.close();
  });

  it("answers ping, sends heartbeats and caps the symbols per connection", async () => {
    const client = await authed();
    client.send({ op: "ping" });
    expect(await client.next((m) => m.type === "pong")).toEqual({ type: "pong", ts: expect.any(String) });
    await client.next((m) => m.type === "heartbeat");
    client.send({ op: "subscribe", symbols: ["BTCUSD", "ETHUSD", "SOLUSD", "XRPUSD"] });
    expect(await client.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: "INVALID_INPUT",
      params: { field: "symbols", max: "3" },
    });
    expect(await client.next((m) => m.type === "subscribed")).toEqual({
      type: "subscribed",
      symbols: ["BTCUSD", "ETHUSD", "SOLUSD"],
    });
    client.send({ op: "subscribe" });
    expect(await client.next((m) => m.code === "INVALID_INPUT" && m.params !== undefined, 3)).toBeDefined();
    client.ws.close();
  });
});

describe("a socket whose session ends", () => {
  it("is closed once the session is logged out, at the next session check", async () => {
    const leaving = await registerUser(t.app);
    const client = await connect();
    client.send({ op: "auth", token: leaving.token, account: leaving.account });
    await client.next((m) => m.type === "ready");
    expect((await call(t.app, "user/logout", {}, leaving.headers)).status).toBe(1);
    t.clock.advance(61_000); // past the one-minute session check; heartbeats run every 100 ms here
    expect(await client.closed).toBe(WS_CLOSE.unauthorized);
    expect(client.inbox).toContainEqual({ type: "error", code: "UNAUTHORIZED" });
  });
});

describe("the quote socket over the network", () => {
  it("writes rounds of pre-framed ticks that a standard client reads", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${address.replace("http", "ws")}/api/ws`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const client = new Client(ws);
    client.send({ op: "auth", token: user.token, account: user.account });
    await client.next((m) => m.type === "ready");
    client.send({ op: "subscribe", symbols: ["BTCUSD", "ETHUSD"] });
    await client.next(isTick("ETHUSD"));
    const from = client.inbox.length;
    await priceMove(client, "BTCUSD", from);
    await priceMove(client, "ETHUSD", from);
    expect(client.inbox.slice(from).every((m) => m.type === "tick" || m.type === "heartbeat")).toBe(true);
    ws.close();
    expect(await client.closed).toBe(1005);
  });

  it("frames payloads of every length class", () => {
    for (const [length, header] of [
      [5, [0x81, 5]],
      [126, [0x81, 126, 0, 126]],
      [70_000, [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]],
    ] as const) {
      const frame = wireFrame(Buffer.alloc(length, "a"));
      expect([...frame.subarray(0, header.length)]).toEqual(header);
      expect(frame.length).toBe(header.length + length);
    }
  });
});

describe("a slow client", () => {
  it("is closed instead of buffering without bound", () => {
    const socket = { bufferedAmount: 0, send: vi.fn(), close: vi.fn(), on: vi.fn() };
    const deps = {
      limits: { authTimeoutMs: 10_000, heartbeatMs: 15_000, maxBufferedBytes: 1024, maxSymbols: 200 },
      hub: { subscribe: vi.fn(), unsubscribe: vi.fn(), close: vi.fn() },
      log: { info: vi.fn() },
    } as unknown as ConnectionDeps;
    const connection = new StreamConnection(socket as unknown as WebSocket, deps);
    connection.send({ type: "heartbeat", ts: "now" });
    expect(socket.send).toHaveBeenCalledTimes(1);
    socket.bufferedAmount = 2048;
    connection.send({ type: "heartbeat", ts: "later" });
    connection.send({ type: "heartbeat", ts: "even later" });
    expect(socket.send).toHaveBeenCalledTimes(1);
    expect(socket.close).toHaveBeenCalledWith(WS_CLOSE.slowConsumer, "too slow");
    expect(socket.close).toHaveBeenCalledTimes(1);
  });
});
