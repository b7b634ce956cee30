import { randomBytes } from "node:crypto";
import { SESSION_ENDING_FLAGS, WS_CLOSE } from "@brokerage/api";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import {
  buildTestApp,
  call,
  PASSWORD,
  registerUser,
  toSession,
  type TestApp,
} from "../../../../test/helper.js";
import { buildApp } from "../../../app.js";
import { sessions, users } from "../../../db/schema/index.js";
import { RedisBus } from "../../../lib/bus.js";
import { DAY } from "../../../lib/clock.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../../staff/testing.js";
import type { LiveSession } from "../../session/index.js";
import { StreamConnection, type ConnectionDeps } from "./connection.js";
import { SocketRegistry } from "./registry.js";
import { answersPing, openAuthed, openClient, type Client } from "./test-client.js";

const UNAUTHORIZED = { type: "error", code: "UNAUTHORIZED" };

let t: TestApp;
let address: string;
let operator: StaffLogin;
beforeAll(async () => {
  // Heartbeats often, so that a socket closed by the periodic re-check would be closed quickly too; the
  // manual clock stands still, so that re-check never runs unless a test moves the clock.
  t = await buildTestApp({ stream: { heartbeatMs: 50 } });
  t.clock.set("2026-03-02T05:30:00Z");
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.73.0.1");
});
afterAll(() => t.close());

const logIn = async (account: string) =>
  toSession(await call(t.app, "user/login", { account, password: PASSWORD }));
const userIdOf = async (account: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
  if (!row) throw new Error(`no user ${account}`);
  return row.id;
};
async function expectEnded(client: Client) {
  expect(await client.closedWithin(5000)).toBe(WS_CLOSE.unauthorized);
  expect(client.inbox).toContainEqual(UNAUTHORIZED);
}

describe("a socket whose session ends", () => {
  it("closes at once on logout, and the user's other sessions keep streaming", async () => {
    const first = await registerUser(t.app);
    const second = await logIn(first.account);
    const [leaving, staying] = [await openAuthed(address, first), await openAuthed(address, second)];
    expect((await call(t.app, "user/logout", {}, first.headers)).status).toBe(1);
    await expectEnded(leaving);
    expect(await answersPing(staying)).toBe(true);
    expect(staying.inbox).not.toContainEqual(UNAUTHORIZED);
    staying.ws.close();
  });

  it("closes every socket of the user on a password change, and no one else's", async () => {
    const first = await registerUser(t.app);
    const second = await logIn(first.account);
    const other = await registerUser(t.app);
    const clients = [await openAuthed(address, first), await openAuthed(address, second)];
    const bystander = await openAuthed(address, other);
    const fresh = `quiet-otter-${randomBytes(4).toString("hex")}`;
    const change = { oldPassword: PASSWORD, newPassword: fresh, confirmPassword: fresh };
    expect((await call(t.app, "user/changeLoginPassword", change, first.headers)).status).toBe(1);
    for (const client of clients) await expectEnded(client);
    expect(await answersPing(bystander)).toBe(true);
    bystander.ws.close();
  });

  it.each(SESSION_ENDING_FLAGS)("closes every socket of the user when %s is set, for good", async (flag) => {
    const user = await registerUser(t.app);
    const clients = [await openAuthed(address, user), await openAuthed(address, await logIn(user.account))];
    const userId = await userIdOf(user.account);
    const setFlag = async (on: boolean) => {
      const body = { userId, flags: { [flag]: on }, reason: "risk review" };
      expect(await adminCall(t.app, "users/setFlags", body, operator.headers)).toMatchObject({ status: 1 });
    };
    await setFlag(true);
    for (const client of clients) await expectEnded(client);
    await setFlag(false);
    const again = await openClient(address);
    again.send({ op: "auth", token: user.token, account: user.account });
    await expectEnded(again);
  });

  it("still closes at the periodic re-check when no event came (a lost event)", async () => {
    const user = await registerUser(t.app);
    const client = await openAuthed(address, user);
    const userId = await userIdOf(user.account);
    await t.database.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, userId));
    expect(await answersPing(client)).toBe(true); // no event: still open
    t.clock.advance(61_000); // past the one-minute re-check
    await expectEnded(client);
  });
});

describe("a socket whose session expires", () => {
  // A short session, so that the socket's timer is due soon in real time; the manual clock says whether the
  // session has expired when it is.
  const SESSION_MS = 300;
  let short: TestApp;
  let shortAddress: string;
  beforeAll(async () => {
    // Touched at every use, so that a request moves the idle expiry on.
    const sessionPolicy = { idleMs: SESSION_MS, absoluteMs: 2 * SESSION_MS, touchEveryMs: 0 };
    short = await buildTestApp({ sessionPolicy });
    short.clock.set("2026-03-02T05:30:00Z");
    shortAddress = await short.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => short.close());

  /** Session checks (HTTP and socket alike) from now on: `another()` waits for one more than so far. */
  function countChecks() {
    const spy = vi.spyOn(short.app.sessions, "authenticate");
    return {
      another: async () => {
        const seen = spy.mock.calls.length;
        await vi.waitFor(() => expect(spy.mock.calls.length).toBeGreaterThan(seen), { timeout: 5000 });
      },
      restore: () => spy.mockRestore(),
    };
  }

  it("is closed at its expiry by the clock, not at the next minute's re-check", async () => {
    const user = await registerUser(short.app);
    const client = await openAuthed(shortAddress, user);
    const checks = countChecks();
    // The timer is due, but the clock has not reached the expiry: the session is live and the socket stays.
    await checks.another();
    expect(await answersPing(client)).toBe(true);
    short.clock.advance(SESSION_MS); // the idle expiry; the minute's re-check is far off
    await expectEnded(client);
    checks.restore();
  });

  it("follows an idle expiry that use moved on, and closes at the absolute one", async () => {
    const user = await registerUser(short.app);
    const client = await openAuthed(shortAddress, user);
    short.clock.advance(SESSION_MS - 100);
    expect(await call(short.app, "user/getUserinfo", {}, user.headers)).toMatchObject({ status: 1 });
    const checks = countChecks();
    short.clock.advance(100); // the idle expiry the socket was opened with: passed, but moved on meanwhile
    await checks.another();
    expect(await answersPing(client)).toBe(true);
    expect(client.inbox).not.toContainEqual(UNAUTHORIZED);
    short.clock.advance(SESSION_MS); // the absolute expiry
    await expectEnded(client);
    checks.restore();
  });
});

describe("an auth being checked when its session ends", () => {
  const session: LiveSession = {
    sessionId: "s1",
    userId: "u1",
    account: "someone",
    expiresAt: Date.parse("2026-03-02T05:30:00Z") + DAY,
  };
  /** A connection whose auth waits on the returned `answer` to read the session. */
  const authenticating = async () => {
    let pending: ((value: LiveSession | null) => void) | null = null;
    const socket = { bufferedAmount: 0, send: vi.fn(), close: vi.fn(), on: vi.fn() };
    const deps = {
      sessions: { authenticate: () => new Promise((resolve) => (pending = resolve)) },
      clock: t.clock,
      limits: { authTimeoutMs: 10_000, maxBufferedBytes: 1024 },
      log: { info: vi.fn() },
      registry: new SocketRegistry({ maxSocketsPerUser: 5, maxPendingPerAddress: 5 }),
    } as unknown as ConnectionDeps;
    const connection = new StreamConnection(socket as unknown as WebSocket, deps);
    deps.registry.addPending(connection, "10.0.0.1");
    const onMessage = socket.on.mock.calls.find(([event]) => event === "message")?.[1] as (d: Buffer) => void;
    onMessage(Buffer.from(JSON.stringify({ op: "auth", token: "t", account: session.account })));
    await vi.waitFor(() => expect(pending).not.toBeNull());
    const sent = () => socket.send.mock.calls.map(([data]) => JSON.parse(String(data)) as unknown);
    return { connection, socket, sent, answer: (value: LiveSession | null) => pending?.(value) };
  };

  it("is refused, though the session read was still live", async () => {
    const { connection, socket, sent, answer } = await authenticating();
    connection.sessionsEnded({ userId: session.userId, sessionId: session.sessionId });
    answer(session);
    await vi.waitFor(() => expect(socket.close).toHaveBeenCalledWith(WS_CLOSE.unauthorized, "unauthorized"));
    expect(sent()).toEqual([UNAUTHORIZED]);
  });

  it("goes through when the sessions that ended were others", async () => {
    const { connection, socket, sent, answer } = await authenticating();
    connection.sessionsEnded({ userId: session.userId, sessionId: "another" });
    connection.sessionsEnded({ userId: "someone-else" });
    answer(session);
    await vi.waitFor(() => expect(sent()).toEqual([{ type: "ready", account: session.account }]));
    expect(socket.close).not.toHaveBeenCalled();
    connection.close(1000, "done");
  });
});

// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("sessions ending on another process", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  let a: TestApp;
  let b: FastifyInstance;
  let addressOfB: string;
  beforeAll(async () => {
    const bus = () => new RedisBus({ url: redisUrl ?? "", prefix });
    a = await buildTestApp({ bus: bus() });
    // Another process of the same fleet: the same database, its own bus connection.
    b = await buildApp({ db: a.database.db, clock: a.clock, webDist: "/nonexistent-web-dist", bus: bus() });
    addressOfB = await b.listen({ port: 0, host: "127.0.0.1" });
    const redis = new Redis(redisUrl ?? "");
    try {
      await vi.waitFor(
        async () => {
          const [, count] = (await redis.pubsub("NUMSUB", `${prefix}sessions-ended`)) as [string, number];
          expect(count).toBe(2);
        },
        { timeout: 5000 },
      );
    } finally {
      redis.disconnect();
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("closes the socket open on app B when the session logs out on app A", async () => {
    const first = await registerUser(a.app);
    const second = toSession(await call(a.app, "user/login", { account: first.account, password: PASSWORD }));
    const [leaving, staying] = [await openAuthed(addressOfB, first), await openAuthed(addressOfB, second)];
    expect((await call(a.app, "user/logout", {}, first.headers)).status).toBe(1);
    await expectEnded(leaving);
    expect(await answersPing(staying)).toBe(true);
    staying.ws.close();
  });
});
