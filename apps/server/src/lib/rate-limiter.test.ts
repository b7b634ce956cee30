import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock, MINUTE } from "./clock.js";
import { MemoryRateLimiter, RedisRateLimiter, addressBucket, type RateLimiter } from "./rate-limiter.js";

describe("addressBucket", () => {
  it("keeps IPv4 addresses, unwraps IPv4-mapped ones and groups IPv6 by /64", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });
});

// Runs against a real Redis too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test:${randomBytes(4).toString("hex")}:rate`;
const opened: RateLimiter[] = [];
afterAll(() => Promise.all(opened.map((limiter) => limiter.close())));

type Store = [string, (clock: ManualClock) => RateLimiter];
const stores: Store[] = [["memory", (clock) => new MemoryRateLimiter(clock)]];
if (redisUrl) stores.push(["redis", (clock) => new RedisRateLimiter({ url: redisUrl, clock, prefix })]);
const open = (make: (clock: ManualClock) => RateLimiter, clock = new ManualClock()) => {
  const limiter = make(clock);
  opened.push(limiter);
  return limiter;
};
let keys = 0;
const freshKey = () => `k${++keys}:${randomBytes(3).toString("hex")}`;

describe.each(stores)("RateLimiter on %s", (_store, make) => {
  const rule = { max: 2, windowMs: MINUTE };

  it("refuses past the limit without counting the refused attempt, and gives a released one back", async () => {
    const limiter = open(make);
    const key = freshKey();
    expect([await limiter.attempt(key, rule), await limiter.attempt(key, rule)]).toEqual([true, true]);
    expect(await limiter.take(key, rule)).toMatchObject({ allowed: false, count: 2 });
    await limiter.release(key);
    expect(await limiter.take(key, rule)).toMatchObject({ allowed: true, count: 2 });
    expect(await limiter.attempt(key, rule)).toBe(false);
  });

  it("lets exactly the limit through a parallel burst", async () => {
    const limiter = open(make);
    const key = freshKey();
    const burst = await Promise.all(Array.from({ length: 10 }, () => limiter.attempt(key, rule)));
    expect(burst.filter(Boolean)).toHaveLength(2);
  });

  it("locks a key for the time asked, whatever its count, and a reset frees it", async () => {
    const limiter = open(make);
    const key = freshKey();
    await limiter.lock(key, rule, 15 * MINUTE);
    const refused = await limiter.take(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.msBeforeNext).toBeGreaterThan(14 * MINUTE);
    await limiter.release(key);
    expect(await limiter.attempt(key, rule)).toBe(false);
    await limiter.reset(key);
    expect(await limiter.attempt(key, rule)).toBe(true);
  });

  it("counts without refusing and answers the events already in the window", async () => {
    const limiter = open(make);
    const key = freshKey();
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await limiter.countAndAdd(key, MINUTE));
    expect(counts).toEqual([0, 1, 2, 3]);
    await limiter.release(key);
    expect(await limiter.countAndAdd(key, MINUTE)).toBe(3);
  });

  it("never releases below nothing: a release of an unknown key gives no attempt away", async () => {
    const limiter = open(make);
    const key = freshKey();
    await limiter.release(key);
    expect([await limiter.attempt(key, rule), await limiter.attempt(key, rule)]).toEqual([true, true]);
    expect(await limiter.attempt(key, rule)).toBe(false);
  });
});

describe("MemoryRateLimiter's windows", () => {
  it("run on the injected clock: a key frees once its window or its lock has passed", async () => {
    const clock = new ManualClock();
    const limiter = open((c) => new MemoryRateLimiter(c), clock);
    const rule = { max: 1, windowMs: MINUTE };
    expect(await limiter.attempt("w", rule)).toBe(true);
    expect(await limiter.take("w", rule)).toMatchObject({ allowed: false, msBeforeNext: MINUTE });
    clock.advance(MINUTE);
    expect(await limiter.attempt("w", rule)).toBe(true);
    await limiter.lock("w", rule, 15 * MINUTE);
    clock.advance(15 * MINUTE - 1);
    expect(await limiter.attempt("w", rule)).toBe(false);
    clock.advance(1);
    expect(await limiter.attempt("w", rule)).toBe(true);
    expect(await limiter.countAndAdd("c", MINUTE)).toBe(0);
    clock.advance(MINUTE + 1);
    expect(await limiter.countAndAdd("c", MINUTE)).toBe(0);
  });
});

describe.skipIf(!redisUrl)("RedisRateLimiter", () => {
  it("shares one key's count between two limiters, as between two processes", async () => {
    const clock = new ManualClock();
    const make = (c: ManualClock) => new RedisRateLimiter({ url: redisUrl ?? "", clock: c, prefix });
    const [a, b] = [open(make, clock), open(make, clock)];
    const key = freshKey();
    const rule = { max: 3, windowMs: MINUTE };
    expect([await a.attempt(key, rule), await b.attempt(key, rule), await a.attempt(key, rule)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await b.attempt(key, rule)).toBe(false);
    await a.lock(`${key}:l`, rule, MINUTE);
    expect(await b.attempt(`${key}:l`, rule)).toBe(false);
  });
});

// Each call waits for Redis to fail first (its command timeout and one retry): a few seconds in all.
describe("RedisRateLimiter without Redis", { timeout: 30_000 }, () => {
  it("keeps limiting within the process, on the injected clock, while Redis cannot be reached", async () => {
    const clock = new ManualClock();
    const limiter = open(
      (c) => new RedisRateLimiter({ url: "redis://127.0.0.1:1", clock: c, prefix }),
      clock,
    );
    const rule = { max: 2, windowMs: MINUTE };
    expect([await limiter.attempt("down", rule), await limiter.attempt("down", rule)]).toEqual([true, true]);
    expect(await limiter.attempt("down", rule)).toBe(false);
    clock.advance(MINUTE);
    expect(await limiter.attempt("down", rule)).toBe(true);
  });
});
