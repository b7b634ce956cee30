import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { MINUTE } from "./clock.js";
import { TestClock, testClockFromEnv } from "./test-clock.js";

describe("testClockFromEnv", () => {
  it("is off unless TEST_CLOCK=1", () => {
    expect(testClockFromEnv({})).toBeUndefined();
    expect(testClockFromEnv({ TEST_CLOCK: "" })).toBeUndefined();
    expect(testClockFromEnv({ TEST_CLOCK: "0" })).toBeUndefined();
    expect(testClockFromEnv({ TEST_CLOCK: "1", NODE_ENV: "test" })).toBeInstanceOf(TestClock);
    expect(() => testClockFromEnv({ TEST_CLOCK: "yes" })).toThrow(/TEST_CLOCK must be 1 or unset/);
  });

  it("refuses to start a production process with it", () => {
    expect(() => testClockFromEnv({ TEST_CLOCK: "1", NODE_ENV: "production" })).toThrow(
      /refused with NODE_ENV=production/,
    );
  });
});

describe("POST /api/test/clock/advance", () => {
  let t: TestApp;
  let plain: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await buildTestApp({ testClock: clock });
    plain = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const advance = (app: TestApp, payload: unknown) =>
    app.app.inject({ method: "POST", url: "/api/test/clock/advance", payload: payload as object });
  const serverTime = async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    return Date.parse((health.json() as { data: { time: string } }).data.time);
  };

  it("moves the server's clock forward by the amount asked, concurrent calls adding up", async () => {
    const before = await serverTime();
    const answers = await Promise.all([advance(t, { ms: MINUTE }), advance(t, { ms: MINUTE })]);
    for (const answer of answers) expect(answer.json()).toMatchObject({ status: 1 });
    const after = await serverTime();
    expect(after - before).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(after - before).toBeLessThan(3 * MINUTE);
    // What the app's time decisions read is the same clock.
    expect(Math.abs(clock.now().getTime() - after)).toBeLessThan(MINUTE);
  });

  it.each([[{}], [{ ms: -1 }], [{ ms: 0 }], [{ ms: 1.5 }], [{ ms: "60000" }], [{ ms: 1000, back: true }]])(
    "refuses %j as INVALID_INPUT and leaves the clock alone",
    async (body) => {
      const before = await serverTime();
      const answer = await advance(t, body);
      expect(answer.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", data: null });
      expect((await serverTime()) - before).toBeLessThan(MINUTE);
    },
  );

  it("does not exist on a server without the test clock", async () => {
    const answer = await advance(plain, { ms: MINUTE });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ status: 0 });
  });
});
