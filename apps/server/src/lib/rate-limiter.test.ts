import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";
import { MemoryRateLimiter, addressBucket } from "./rate-limiter.js";

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

describe("MemoryRateLimiter", () => {
  it("refuses past the limit without counting the refused attempt, and gives a released one back", async () => {
    const clock = new ManualClock();
    const limiter = new MemoryRateLimiter(clock);
    const rule = { max: 2, windowMs: 60_000 };
    expect([await limiter.attempt("k", rule), await limiter.attempt("k", rule)]).toEqual([true, true]);
    expect(await limiter.attempt("k", rule)).toBe(false);
    await limiter.release("k");
    expect(await limiter.attempt("k", rule)).toBe(true);
    clock.advance(60_001);
    expect(await limiter.attempt("k", rule)).toBe(true);
  });
});

describe("MemoryRateLimiter.countAndAdd", () => {
  it("never refuses, answers the events already in the window, and forgets them as the window passes", async () => {
    const clock = new ManualClock();
    const limiter = new MemoryRateLimiter(clock);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await limiter.countAndAdd("k", 60_000));
    expect(counts).toEqual([0, 1, 2, 3]);
    await limiter.release("k");
    expect(await limiter.countAndAdd("k", 60_000)).toBe(3);
    clock.advance(60_001);
    expect(await limiter.countAndAdd("k", 60_000)).toBe(0);
  });
});
