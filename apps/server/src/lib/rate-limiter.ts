import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Clock } from "./clock.js";
import { ClockMemoryLimiter, type MemoryEntries } from "./rate-limiter-memory.js";

export interface RateRule {
  /** Attempts counted inside the window before the key is limited. */
  max: number;
  /** Whole seconds (the stores keep windows in seconds). */
  windowMs: number;
}

/** What an attempt was told: whether it may go ahead, the key's count with it, and when the key frees. */
export interface RateDecision {
  allowed: boolean;
  /** Attempts counted in the key's window, this one included when it was allowed. */
  count: number;
  /** Until the window (or a lock) of the key ends. */
  msBeforeNext: number;
}

/**
 * Counts events per key over a window that starts with the key's first event (rate-limiter-flexible's
 * fixed windows). In one process the counts live in memory; with REDIS_URL they live in Redis, so every
 * process of the fleet counts against the same limits.
 */
export interface RateLimiter {
  /**
   * Counts an attempt and answers whether it may go ahead, in one atomic step, so parallel requests
   * cannot all pass a check made before any of them is counted. A refused attempt is taken back.
   */
  attempt(key: string, rule: RateRule): Promise<boolean>;
  /** As `attempt`, with the count and the time until the key frees. */
  take(key: string, rule: RateRule): Promise<RateDecision>;
  /**
   * Counts an event that is never refused and answers how many of the key's events were already in the
   * window, in one atomic step (for slowing down rather than refusing).
   */
  countAndAdd(key: string, windowMs: number): Promise<number>;
  /** Refuses every attempt of the key under `rule` for `ms`, whatever its count. */
  lock(key: string, rule: RateRule, ms: number): Promise<void>;
  /** Takes back one counted attempt of the key, when it turned out not to count (a success). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface LimiterShape {
  points: number;
  duration: number;
}

/** Past any limit, so that counting with it never refuses. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;
/** A limiter of one second for taking counts back: should the key expire meanwhile, its -1 dies at once. */
const RELEASE_SHAPE: LimiterShape = { points: UNLIMITED, duration: 1 };

const seconds = (ms: number) => {
  if (!Number.isInteger(ms / 1000) || ms <= 0) throw new RangeError(`rate window of ${ms} ms: whole seconds`);
  return ms / 1000;
};

/**
 * The RateLimiter of rate-limiter-flexible's limiters, one per (max, window), all on one key space: a
 * key is counted under whichever rule asks, as the hand-rolled counters of each caller used to be.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly make: (shape: LimiterShape) => RateLimiterAbstract,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  async attempt(key: string, rule: RateRule): Promise<boolean> {
    return (await this.take(key, rule)).allowed;
  }

  async take(key: string, rule: RateRule): Promise<RateDecision> {
    const limiter = this.limiterFor({ points: rule.max, duration: seconds(rule.windowMs) });
    try {
      const res = await limiter.consume(key);
      return { allowed: true, count: res.consumedPoints, msBeforeNext: res.msBeforeNext };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      await limiter.reward(key);
      return { allowed: false, count: refusal.consumedPoints - 1, msBeforeNext: refusal.msBeforeNext };
    }
  }

  async countAndAdd(key: string, windowMs: number): Promise<number> {
    const limiter = this.limiterFor({ points: UNLIMITED, duration: seconds(windowMs) });
    return (await limiter.penalty(key)).consumedPoints - 1;
  }

  async lock(key: string, rule: RateRule, ms: number): Promise<void> {
    await this.limiterFor({ points: rule.max, duration: seconds(rule.windowMs) }).block(key, seconds(ms));
  }

  async release(key: string): Promise<void> {
    const limiter = this.limiterFor(RELEASE_SHAPE);
    const current = await limiter.get(key);
    if (current && current.consumedPoints > 0) await limiter.reward(key);
  }

  async reset(key: string): Promise<void> {
    await this.limiterFor(RELEASE_SHAPE).delete(key);
  }

  close(): Promise<void> {
    return this.onClose();
  }

  private limiterFor(shape: LimiterShape): RateLimiterAbstract {
    const name = `${shape.points}/${shape.duration}`;
    let limiter = this.limiters.get(name);
    if (!limiter) this.limiters.set(name, (limiter = this.make(shape)));
    return limiter;
  }
}

/** One process: the counts in memory, timed by the injected clock (tests move it across windows). */
export class MemoryRateLimiter extends FlexibleRateLimiter {
  constructor(clock: Clock) {
    const entries: MemoryEntries = new Map();
    super((shape) => new ClockMemoryLimiter({ ...shape, keyPrefix: "", storeClient: entries, clock }));
  }
}

export interface RedisRateLimiterOptions {
  url: string;
  /**
   * Times the counts kept in memory while Redis cannot be reached: the limits then hold per process
   * rather than not at all.
   */
  clock: Clock;
  /** Namespace of the keys (tests use their own). */
  prefix?: string;
  log?: FastifyBaseLogger;
}

/**
 * Several processes: the counts in Redis (atomic increments with expiry), so a limit holds across the
 * fleet. Its windows run on Redis's clock, the one clock every process shares.
 */
export class RedisRateLimiter extends FlexibleRateLimiter {
  constructor(options: RedisRateLimiterOptions) {
    // A limited request waits at most this long for Redis before its process counts alone.
    const client = new Redis(options.url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    client.on("error", (err) => options.log?.warn({ err }, "redis connection problem (rate limits)"));
    const keyPrefix = options.prefix ?? "brokerage:rate";
    const insurance: MemoryEntries = new Map();
    super(
      (shape) =>
        new RateLimiterRedis({
          ...shape,
          keyPrefix,
          storeClient: client,
          insuranceLimiter: new ClockMemoryLimiter({
            ...shape,
            keyPrefix,
            storeClient: insurance,
            clock: options.clock,
          }),
        }),
      async () => {
        await client.quit().catch(() => client.disconnect());
      },
    );
  }
}

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 network, since
 * one client usually holds a whole /64 and could otherwise step through it.
 */
export function addressBucket(ip: string): string {
  const v4Mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4Mapped) return v4Mapped[1] ?? ip;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
