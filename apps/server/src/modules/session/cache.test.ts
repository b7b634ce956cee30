import { describe, expect, it } from "vitest";
import { SessionCache, type CachedSession } from "./cache.js";

const session = (sessionId: string, userId = "u1"): CachedSession => ({
  sessionId,
  userId,
  account: "someone",
  lastSeenAt: 0,
  idleExpiresAt: 1e12,
  absoluteExpiresAt: 1e12,
});

describe("SessionCache", () => {
  it("keeps a session for its time to live only", () => {
    const cache = new SessionCache(5_000);
    cache.set("t1", session("s1"), 1_000);
    expect(cache.get("t1", 5_999)?.sessionId).toBe("s1");
    expect(cache.get("t1", 6_000)).toBeUndefined();
  });

  it("drops one session on its logout, and every session of the user on a user-wide end", () => {
    const cache = new SessionCache(5_000);
    cache.set("t1", session("s1"), 0);
    cache.set("t2", session("s2"), 0);
    cache.set("t3", session("s3", "u2"), 0);
    cache.drop({ userId: "u1", sessionId: "s1" }, 10);
    expect([cache.get("t1", 20), cache.get("t2", 20)?.sessionId]).toEqual([undefined, "s2"]);
    cache.drop({ userId: "u1" }, 30);
    expect([cache.get("t2", 40), cache.get("t3", 40)?.sessionId]).toEqual([undefined, "s3"]);
  });

  it("does not cache the user's sessions again until the time to live has passed after an end", () => {
    const cache = new SessionCache(5_000);
    cache.drop({ userId: "u1" }, 1_000);
    // A read of the database that raced the revocation's commit cannot put the session back.
    cache.set("t1", session("s1"), 2_000);
    expect(cache.get("t1", 2_001)).toBeUndefined();
    cache.set("t1", session("s1"), 6_000);
    expect(cache.get("t1", 6_001)?.sessionId).toBe("s1");
  });

  it("caches nothing with a time to live of zero", () => {
    const cache = new SessionCache(0);
    cache.set("t1", session("s1"), 0);
    expect(cache.get("t1", 0)).toBeUndefined();
  });
});
