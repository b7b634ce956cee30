import { randomBytes } from "node:crypto";
import { MarketSimulator } from "@brokerage/core";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../lib/clock.js";
import { RedisTickHub } from "./redis-hub.js";

// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const url = process.env.TEST_REDIS_URL;
const provider = new MarketSimulator({ seed: "redis-hub-test" });
const clock = new ManualClock("2026-03-02T05:30:00Z");

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!url)("ticks through Redis", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  const hubs = [1, 2].map(
    () => new RedisTickHub({ provider, clock, intervalMs: 20, url: url ?? "", prefix }),
  );
  afterAll(() => Promise.all(hubs.map((h) => h.close())));

  it("has one process compute ticks and every process relay them to its own subscribers", async () => {
    const [a, b] = hubs as [RedisTickHub, RedisTickHub];
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    a.subscribe("BTCUSD", (ticks) => seenByA.push(...ticks.map(String)));
    b.subscribe("RELIANCE", (ticks) => seenByB.push(...ticks.map(String)));
    await waitFor(() => (a.isLeader !== b.isLeader ? true : undefined), "one leader");

    const before = { a: seenByA.length, b: seenByB.length };
    clock.advance(60_000);
    const now = clock.now().toISOString();
    const tickOf = (ticks: string[], from: number) =>
      ticks
        .slice(from)
        .map((f) => JSON.parse(f) as { symbol: string; timestamp: string })
        .find((m) => m.timestamp === now);
    expect(await waitFor(() => tickOf(seenByA, before.a), "BTCUSD tick")).toMatchObject({ symbol: "BTCUSD" });
    expect(await waitFor(() => tickOf(seenByB, before.b), "RELIANCE tick")).toMatchObject({
      symbol: "RELIANCE",
    });
    // Each price change reaches a subscriber once, whichever process computed it.
    expect(seenByB.map((f) => JSON.parse(f).symbol)).not.toContain("BTCUSD");
    expect(new Set(seenByA).size).toBe(seenByA.length);
  });

  it("hands the computing over when the leader stops", async () => {
    const [a, b] = hubs as [RedisTickHub, RedisTickHub];
    const leader = a.isLeader ? a : b;
    const follower = leader === a ? b : a;
    const ticks: string[] = [];
    follower.subscribe("ETHUSD", (batch) => ticks.push(...batch.map(String)));
    await leader.close();
    await waitFor(() => (follower.isLeader ? true : undefined), "the follower to lead");
    const from = ticks.length;
    clock.advance(60_000);
    await waitFor(() => (ticks.length > from ? true : undefined), "a tick from the new leader");
  });
});
