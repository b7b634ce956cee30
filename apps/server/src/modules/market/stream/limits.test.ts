import { Writable } from "node:stream";
import { WS_CLOSE } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type Session, type TestApp } from "../../../../test/helper.js";
import { answersPing, openAuthed, openClient, type Client } from "./test-client.js";

interface LogLine {
  level: number;
  msg: string;
  code?: string;
}
const DEBUG = 20;
const WARN = 40;

const logs: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split("\n")) if (line) logs.push(JSON.parse(line) as LogLine);
    done();
  },
});

let t: TestApp;
let address: string;
let user: Session;
beforeAll(async () => {
  t = await buildTestApp({
    // The pending cap counts the client's address, taken from X-Forwarded-For behind a proxy.
    trustProxy: true,
    logger: { level: "debug", stream: logStream },
    stream: { maxSocketsPerUser: 2, maxPendingPerAddress: 2 },
  });
  t.clock.set("2026-03-02T05:30:00Z");
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const authenticate = async (client: Client, session: Session) => {
  client.send({ op: "auth", token: session.token, account: session.account });
  return client.next((m) => m.type === "ready");
};

describe("the sockets of one account", () => {
  it("are capped: one more is refused when it authenticates, and a place freed is taken again", async () => {
    const open = [await openAuthed(address, user), await openAuthed(address, user)];
    const extra = await openClient(address);
    authenticate(extra, user).catch(() => undefined);
    expect(await extra.closedWithin()).toBe(WS_CLOSE.tooManySockets);
    expect(extra.inbox).toEqual([]);
    expect(await answersPing(open[0]!)).toBe(true);

    const other = await registerUser(t.app);
    const bystander = await openAuthed(address, other); // the cap is per account
    open[0]!.ws.close();
    await open[0]!.closed;
    // The server learns of the close a moment after the client: retry until it has.
    let again: Client | undefined;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      const client = await openClient(address);
      const ready = authenticate(client, user).then(
        () => 0,
        () => -1,
      );
      const code = await Promise.race([ready, client.closed]);
      if (code === 0) again = client;
      else expect(code).toBe(WS_CLOSE.tooManySockets);
    }
    expect(again && (await answersPing(again))).toBe(true);
    for (const client of [open[1]!, again!, bystander]) client.ws.close();
  });
});

describe("unauthenticated sockets of one address", () => {
  it("are capped: one more is refused at once, other addresses are not affected", async () => {
    const waiting = [
      await openClient(address, from("203.0.113.7")),
      await openClient(address, from("203.0.113.7")),
    ];
    const extra = await openClient(address, from("203.0.113.7"));
    expect(await extra.closedWithin()).toBe(WS_CLOSE.tooManyPending);

    const elsewhere = await openClient(address, from("203.0.113.8"));
    await authenticate(elsewhere, await registerUser(t.app));

    // An authenticated socket no longer counts as pending.
    await authenticate(waiting[0]!, await registerUser(t.app));
    const next = await openClient(address, from("203.0.113.7"));
    await authenticate(next, await registerUser(t.app));
    for (const client of [...waiting, elsewhere, next]) client.ws.close();
  });

  it("count an IPv6 client by its /64 network", async () => {
    const sameNetwork = ["2001:db8:1:2::1", "2001:db8:1:2:aaaa::9"];
    const waiting = await Promise.all(sameNetwork.map((ip) => openClient(address, from(ip))));
    const extra = await openClient(address, from("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(await extra.closedWithin()).toBe(WS_CLOSE.tooManyPending);
    const nextNetwork = await openClient(address, from("2001:db8:1:3::1"));
    await authenticate(nextNetwork, await registerUser(t.app));
    for (const client of [...waiting, nextNetwork]) client.ws.close();
  });
});

describe("a malformed frame", () => {
  it("is logged at debug, not as an error", async () => {
    const sender = await registerUser(t.app);
    const mark = logs.length;
    const frames: [string, (client: Client) => void, number | undefined][] = [
      ["invalid UTF-8", (c) => c.ws.send(Buffer.from([0x7b, 0xff, 0xfe]), { binary: false }), 1007],
      ["over maxPayload", (c) => c.ws.send("x".repeat(65 * 1024)), 1009],
      ["binary", (c) => c.ws.send(Buffer.from([1, 2, 3]), { binary: true }), undefined],
      ["invalid JSON", (c) => c.ws.send("{nope"), undefined],
    ];
    for (const [, send, closeCode] of frames) {
      const client = await openAuthed(address, sender);
      send(client);
      if (closeCode !== undefined) {
        expect(await client.closedWithin()).toBe(closeCode);
      } else {
        expect(await client.next((m) => m.code === "INVALID_INPUT")).toMatchObject({
          params: { field: "message" },
        });
        client.ws.close();
      }
    }
    const logged = logs.slice(mark);
    expect(logged.filter((line) => line.level >= WARN)).toEqual([]);
    const debug = logged.filter((line) => line.level === DEBUG && line.msg === "malformed frame");
    expect(debug.map((line) => line.code)).toEqual([
      "WS_ERR_INVALID_UTF8",
      "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH",
    ]);
  });
});
