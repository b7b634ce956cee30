import { WS_CLOSE, wsServerMessage, type WsTicks } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { buildTestApp, registerUser, type Session, type TestApp } from "../../../../test/helper.js";
import { StreamConnection, type ConnectionDeps } from "./connection.js";
import { tickJson } from "./hub.js";
import { SocketRegistry } from "./registry.js";
import { Client, openClient, type Message } from "./test-client.js";

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
const symbolsOf = (m: Message) => m.ticks?.map((tick) => tick.symbol);

/**
 * Moves the clock until one round moves every given symbol; answers that round's message. Each step
 * makes exactly one round with changes (the clock stands still in between), quoted at the new instant.
 */
async function priceMove(client: Client, symbols: readonly string[], from: number): Promise<WsTicks> {
  for (let step = 0; step < 50; step++) {
    t.clock.advance(7_000);
    const now = t.clock.now().toISOString();
    const round = await client
      .next((m) => m.type === "ticks" && m.ticks?.[0]?.timestamp === now, from, 200)
      .catch(() => undefined);
    if (round && symbols.every((s) => symbolsOf(round)?.includes(s))) return round as WsTicks;
  }
  throw new Error(`${symbols.join(", ")} never moved together`);
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
    // The current quotes at once, together in one message.
    const snapshot = await client.next((m) => m.type === "ticks");
    expect(symbolsOf(snapshot)).toEqual(["BTCUSD", "RELIANCE"]);
    const first = await client.nextTick("BTCUSD");
    expect(first).toMatchObject({ status: "open", timestamp: t.clock.now().toISOString() });
    expect(first.sentAt).toEqual(expect.any(Number));

    const moved = await priceMove(client, ["BTCUSD"], client.inbox.length);
    expect(moved.ticks.find((tick) => tick.symbol === "BTCUSD")?.close).not.toBe(first.close);

    client.send({ op: "unsubscribe", symbols: ["BTCUSD"] });
    await client.next((m) => m.type === "unsubscribed");
    const mark = client.ticks.length;
    await priceMove(client, ["RELIANCE"], client.inbox.length);
    await priceMove(client, ["RELIANCE"], client.inbox.length);
    expect(client.ticks.slice(mark).filter((tick) => tick.symbol === "BTCUSD")).toEqual([]);
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

describe("the quote socket over the network", () => {
  it("sends each round's moves as one ticks message that a standard client reads", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const client = await openClient(address);
    client.send({ op: "auth", token: user.token, account: user.account });
    await client.next((m) => m.type === "ready");
    client.send({ op: "subscribe", symbols: ["BTCUSD", "ETHUSD"] });
    expect(symbolsOf(await client.next((m) => m.type === "ticks"))).toEqual(["BTCUSD", "ETHUSD"]);
    const from = client.inbox.length;
    const round = await priceMove(client, ["BTCUSD", "ETHUSD"], from);
    expect(symbolsOf(round)).toEqual(["BTCUSD", "ETHUSD"]);
    expect(client.inbox.slice(from).every((m) => m.type === "ticks" || m.type === "heartbeat")).toBe(true);
    client.ws.close();
    expect(await client.closed).toBe(1005);
  });
});

describe("a connection's sends", () => {
  const fakeSocket = () => ({ bufferedAmount: 0, send: vi.fn(), close: vi.fn(), on: vi.fn() });
  const deps = {
    limits: { authTimeoutMs: 10_000, heartbeatMs: 15_000, maxBufferedBytes: 1024, maxSymbols: 200 },
    hub: { subscribe: vi.fn(), unsubscribe: vi.fn(), close: vi.fn() },
    log: { info: vi.fn() },
    registry: new SocketRegistry({ maxSocketsPerUser: 1, maxPendingPerAddress: 1 }),
  } as unknown as ConnectionDeps;
  const connect = (socket: ReturnType<typeof fakeSocket>) =>
    new StreamConnection(socket as unknown as WebSocket, deps);

  it("joins serialised ticks into one ticks message, and sends nothing for none", () => {
    const socket = fakeSocket();
    const connection = connect(socket);
    const quotes = t.app.marketData.quotes(["BTCUSD", "ETHUSD"]);
    connection.sendTicks(quotes.map(tickJson));
    connection.sendTicks([]);
    expect(socket.send).toHaveBeenCalledTimes(1);
    const message = wsServerMessage.parse(JSON.parse(String(socket.send.mock.calls[0]?.[0])));
    expect(message).toEqual({
      type: "ticks",
      ticks: quotes.map((q) => expect.objectContaining({ symbol: q.code, close: q.close, status: q.status })),
    });
    connection.close(1000, "done");
  });

  it("closes a slow client instead of buffering without bound", () => {
    const socket = fakeSocket();
    const connection = connect(socket);
    connection.send({ type: "heartbeat", ts: "now" });
    expect(socket.send).toHaveBeenCalledTimes(1);
    socket.bufferedAmount = 2048;
    connection.sendTicks(t.app.marketData.quotes(["BTCUSD"]).map(tickJson));
    connection.send({ type: "heartbeat", ts: "later" });
    expect(socket.send).toHaveBeenCalledTimes(1);
    expect(socket.close).toHaveBeenCalledWith(WS_CLOSE.slowConsumer, "too slow");
    expect(socket.close).toHaveBeenCalledTimes(1);
  });
});
