import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { RedisBus } from "../../lib/bus.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { STAFF_SESSIONS_ENDED } from "./sessions.js";
import { adminCall, createStaff, staffLogin, unauthorized } from "./testing.js";

// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("staff sessions ending on another process", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    const bus = () => new RedisBus({ url: redisUrl ?? "", prefix });
    a = await buildTestApp({ bus: bus() });
    // Another process of the same fleet: the same database and clock, its own bus connection.
    b = await buildApp({ db: a.database.db, clock: a.clock, webDist: "/nonexistent-web-dist", bus: bus() });
    await b.ready();
    const redis = new Redis(redisUrl ?? "");
    try {
      await vi.waitFor(
        async () => {
          const channel = `${prefix}${STAFF_SESSIONS_ENDED.name}`;
          const [, subscribers] = (await redis.pubsub("NUMSUB", channel)) as [string, number];
          expect(subscribers).toBe(2);
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

  it("drops a session that logged out on app A from app B's cache at once", async () => {
    const staff = await createStaff(a.database.db, "reviewer");
    const session = await staffLogin(a.app, staff, "10.50.0.1");
    // Cached on B; the manual clock never lets that cache expire by itself.
    expect(await adminCall(b, "auth/me", {}, session.headers)).toMatchObject({ status: 1 });
    expect(await adminCall(a.app, "auth/logout", {}, session.headers)).toMatchObject({ status: 1 });
    await vi.waitFor(async () =>
      expect(await adminCall(b, "auth/me", {}, session.headers)).toMatchObject(unauthorized),
    );
  });
});
