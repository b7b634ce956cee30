import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { systemClock } from "../../lib/clock.js";
import { RedisRateLimiter } from "../../lib/rate-limiter.js";
import { appCode } from "../staff/testing.js";
import { buildTestApp, call, PASSWORD, registration, toSession, type TestApp } from "../../../test/helper.js";

// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("limits shared by two server processes through Redis", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:rate`;
  let a: TestApp;
  let b: FastifyInstance;
  const waits = { a: [] as number[], b: [] as number[] };
  // The clock times only the limiter's fallback while Redis is away, which these tests do not reach.
  const limiter = () => new RedisRateLimiter({ url: redisUrl ?? "", clock: systemClock, prefix });
  beforeAll(async () => {
    a = await buildTestApp({
      rateLimiter: limiter(),
      loginSleep: async (ms) => void waits.a.push(ms),
    });
    // Another process of the fleet: the same database, its own Redis connection and no memory shared.
    b = await buildApp({
      db: a.database.db,
      clock: a.clock,
      webDist: "/nonexistent-web-dist",
      rateLimiter: limiter(),
      loginSleep: async (ms) => void waits.b.push(ms),
    });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  let addresses = 0;
  const address = () => `10.60.${++addresses % 250}.${Math.floor(addresses / 250) + 1}`;
  async function newUser() {
    const answer = await call(a.app, "user/register", registration(), {}, address());
    expect(answer).toMatchObject({ status: 1 });
    return toSession(answer);
  }
  const login = (app: FastifyInstance, account: string, password: string, from: string, otp?: string) =>
    call(app, "user/login", { account, password, ...(otp !== undefined && { otp }) }, {}, from);

  it("is what REDIS_URL gives every app that is not handed a limiter", async () => {
    const c = await buildApp({
      db: a.database.db,
      clock: a.clock,
      webDist: "/nonexistent-web-dist",
      market: { redisUrl },
    });
    try {
      expect(c.rateLimiter).toBeInstanceOf(RedisRateLimiter);
    } finally {
      await c.close();
    }
  });

  it("counts failures through A at B: one address's pair limit, and the account's slow-down", async () => {
    const user = await newUser();
    const from = address();
    for (let i = 0; i < 3; i++)
      expect(await login(a.app, user.account, "wrong-password", from)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    for (let i = 0; i < 2; i++)
      expect(await login(b, user.account, "wrong-password", from)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    // Five failures of this pair, spread over both processes: the sixth is refused wherever it lands.
    expect(await login(a.app, user.account, PASSWORD, from)).toMatchObject({ code: "TOO_FREQUENT" });
    expect(await login(b, user.account, PASSWORD, from)).toMatchObject({ code: "TOO_FREQUENT" });

    // The account has five failures from anywhere: B slows the owner down, then lets the right password in.
    waits.b.length = 0;
    expect(await login(b, user.account, PASSWORD, address())).toMatchObject({ status: 1 });
    expect(waits.b).toEqual([500]);
  });

  it("locks an account's code step for both processes after wrong codes through either", async () => {
    const user = await newUser();
    const enrolment = await call(a.app, "user/enrollTotp", {}, user.headers);
    const { secret } = enrolment.data as { secret: string };
    const confirm = await call(b, "user/confirmTotp", { otp: appCode(secret, a.clock.now()) }, user.headers);
    expect(confirm).toMatchObject({ status: 1 });
    a.clock.advance(30_000);
    const wrong = appCode(secret, new Date(a.clock.now().getTime() + 40 * 30_000));
    const apps = [a.app, b, a.app, b];
    for (const app of apps)
      expect(await login(app, user.account, PASSWORD, address(), wrong)).toMatchObject({
        code: "OTP_INVALID",
      });
    expect(await login(a.app, user.account, PASSWORD, address(), wrong)).toMatchObject({
      code: "TOTP_LOCKED",
    });
    const right = appCode(secret, a.clock.now());
    expect(await login(b, user.account, PASSWORD, address(), right)).toMatchObject({ code: "TOTP_LOCKED" });
  });
});
