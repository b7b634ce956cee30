import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { MemoryBus, RedisBus, type Bus, type Channel } from "./bus.js";

const greetings: Channel<{ to: string; at?: string }> = {
  name: "greetings",
  schema: z.object({ to: z.string(), at: z.string().optional() }),
};
const farewells: Channel<{ to: string }> = { name: "farewells", schema: z.object({ to: z.string() }) };

const quietLog = () =>
  ({ warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

/** What the handler receives, once `count` messages have come. */
async function received<T>(
  bus: Bus,
  channel: Channel<T>,
  count: number,
  act: () => Promise<void>,
): Promise<T[]> {
  const seen: T[] = [];
  const stop = bus.subscribe(channel, (message) => seen.push(message));
  try {
    await act();
    await vi.waitFor(() => expect(seen).toHaveLength(count), { timeout: 5000 });
    return seen;
  } finally {
    stop();
  }
}

describe("the in-process bus", () => {
  it("delivers JSON copies to the channel's subscribers only, never inside the publish call", async () => {
    const bus = new MemoryBus();
    const other = vi.fn();
    bus.subscribe(farewells, other);
    const seen: unknown[] = [];
    bus.subscribe(greetings, (m) => seen.push(m));
    const message = { to: "a", at: "noon" };
    const published = bus.publish(greetings, message);
    expect(seen).toEqual([]);
    message.to = "changed since";
    await published;
    await vi.waitFor(() => expect(seen).toEqual([{ to: "a", at: "noon" }]));
    expect(other).not.toHaveBeenCalled();
  });

  it("stops delivering after unsubscribe, and survives a failing or malformed handler", async () => {
    const log = quietLog();
    const bus = new MemoryBus({ log });
    const failing = bus.subscribe(greetings, () => {
      throw new Error("handler bug");
    });
    const messages = await received(bus, greetings, 1, () => bus.publish(greetings, { to: "b" }));
    expect(messages).toEqual([{ to: "b" }]);
    expect(log.error).toHaveBeenCalledTimes(1);
    failing();
    const seen = vi.fn();
    bus.subscribe(greetings, seen);
    await bus.publish(greetings, { to: 3 } as unknown as { to: string });
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
    expect(seen).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("the Redis bus", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  const log = quietLog();
  const [a, b] = [
    new RedisBus({ url: url ?? "", prefix, log }),
    new RedisBus({ url: url ?? "", prefix, log }),
  ];
  const elsewhere = new RedisBus({ url: url ?? "", prefix: `${prefix}other:` });
  const redis = new Redis(url ?? "");
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), elsewhere.close()]);
    redis.disconnect();
  });
  const subscribers = async (channel: string) =>
    ((await redis.pubsub("NUMSUB", channel)) as [string, number])[1];

  it("delivers a message to every process of its namespace, the publisher's own included", async () => {
    const strayed = vi.fn();
    elsewhere.subscribe(greetings, strayed);
    const seenByA: unknown[] = [];
    a.subscribe(greetings, (m) => seenByA.push(m));
    const seenByB = await received(b, greetings, 1, async () => {
      await vi.waitFor(async () => expect(await subscribers(`${prefix}greetings`)).toBe(2));
      await vi.waitFor(async () => expect(await subscribers(`${prefix}other:greetings`)).toBe(1));
      await a.publish(greetings, { to: "everyone" });
    });
    expect(seenByB).toEqual([{ to: "everyone" }]);
    await vi.waitFor(() => expect(seenByA).toEqual([{ to: "everyone" }]));
    expect(strayed).not.toHaveBeenCalled();
  });

  it("drops what is not JSON of the channel's shape, and keeps delivering", async () => {
    const messages = await received(b, farewells, 1, async () => {
      await vi.waitFor(async () => expect(await subscribers(`${prefix}farewells`)).toBe(1));
      await redis.publish(`${prefix}farewells`, "{not json");
      await redis.publish(`${prefix}farewells`, JSON.stringify({ to: 7 }));
      await a.publish(farewells, { to: "later" });
    });
    expect(messages).toEqual([{ to: "later" }]);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it("leaves the Redis channel with its last handler", async () => {
    const stop = a.subscribe(farewells, () => undefined);
    await vi.waitFor(async () => expect(await subscribers(`${prefix}farewells`)).toBe(1));
    stop();
    await vi.waitFor(async () => expect(await subscribers(`${prefix}farewells`)).toBe(0));
  });
});
