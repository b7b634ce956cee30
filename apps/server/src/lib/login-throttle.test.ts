import { describe, expect, it } from "vitest";
import { ManualClock, MINUTE } from "./clock.js";
import { DomainError } from "./errors.js";
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle } from "./login-throttle.js";
import { MemoryRateLimiter } from "./rate-limiter.js";

function throttle() {
  const clock = new ManualClock();
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  return {
    clock,
    waits,
    throttle: new LoginThrottle(new MemoryRateLimiter(clock), DEFAULT_LOGIN_THROTTLE, sleep),
  };
}

describe("LoginThrottle", () => {
  it("waits from the sixth failure on an account, doubling each time up to eight seconds", () => {
    const { throttle: t } = throttle();
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => t.delayAfter(n))).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it("refuses a sixth attempt of one pair, but lets the account in from another address after its wait", async () => {
    const { throttle: t, waits } = throttle();
    for (let i = 0; i < 5; i++) await t.begin("user:1", "203.0.113.1");
    await expect(t.begin("user:1", "203.0.113.1")).rejects.toThrow(DomainError);
    const owner = await t.begin("user:1", "198.51.100.7");
    expect(owner.delayMs).toBe(500);
    expect(waits).toEqual([500]);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const { throttle: t } = throttle();
    for (let i = 0; i < 5; i++) await t.begin("user:2", `2001:db8:1:2::${i + 1}`);
    await expect(t.begin("user:2", "2001:db8:1:2::ffff")).rejects.toMatchObject({ code: "TOO_FREQUENT" });
  });

  it("gives a success's counts back and starts its pair afresh", async () => {
    const { throttle: t, clock } = throttle();
    for (let i = 0; i < 4; i++) await t.begin("user:3", "203.0.113.3");
    await (await t.begin("user:3", "203.0.113.3")).succeeded();
    for (let i = 0; i < 5; i++) await t.begin("user:3", "203.0.113.3");
    await expect(t.begin("user:3", "203.0.113.3")).rejects.toMatchObject({ code: "TOO_FREQUENT" });
    clock.advance(15 * MINUTE + 1);
    expect((await t.begin("user:3", "203.0.113.3")).delayMs).toBe(0);
  });
});
