import type { Clock } from "./clock.js";

export interface RateRule {
  /** Attempts counted inside the window before the key is limited. */
  max: number;
  windowMs: number;
}

/**
 * Counts events per key over a sliding window. The in-process implementation serves one server;
 * with REDIS_URL a shared implementation takes its place behind the same interface.
 */
export interface RateLimiter {
  /**
   * Counts an attempt and answers whether it may go ahead, in one atomic step, so parallel requests
   * cannot all pass a check made before any of them is counted. A refused attempt is not counted.
   */
  attempt(key: string, rule: RateRule): Promise<boolean>;
  /**
   * Counts an event that is never refused and answers how many of the key's events were already in the
   * window, in one atomic step (for slowing down rather than refusing).
   */
  countAndAdd(key: string, windowMs: number): Promise<number>;
  /** Takes back the latest counted attempt of the key, when it turned out not to count (a success). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Beyond this many tracked keys, an attempt sweeps out keys whose events have all left their window. */
const SWEEP_THRESHOLD = 10_000;
/** The most events countAndAdd remembers per key. */
const MAX_COUNTED = 1_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly events = new Map<string, { times: number[]; windowMs: number }>();

  constructor(private readonly clock: Clock) {}

  /** Synchronous inside: nothing else runs between the count and the check. */
  async attempt(key: string, rule: RateRule): Promise<boolean> {
    if (this.events.size >= SWEEP_THRESHOLD) this.sweep();
    const times = this.recent(key, rule.windowMs);
    if (times.length >= rule.max) return false;
    times.push(this.clock.now().getTime());
    this.events.set(key, { times, windowMs: rule.windowMs });
    return true;
  }

  async countAndAdd(key: string, windowMs: number): Promise<number> {
    if (this.events.size >= SWEEP_THRESHOLD) this.sweep();
    const times = this.recent(key, windowMs);
    const earlier = times.length;
    times.push(this.clock.now().getTime());
    // An account under a long attack: what slows it is capped far below this, so older events add nothing.
    if (times.length > MAX_COUNTED) times.splice(0, times.length - MAX_COUNTED);
    this.events.set(key, { times, windowMs });
    return earlier;
  }

  async release(key: string): Promise<void> {
    this.events.get(key)?.times.pop();
  }

  async reset(key: string): Promise<void> {
    this.events.delete(key);
  }

  private recent(key: string, windowMs: number): number[] {
    const since = this.clock.now().getTime() - windowMs;
    return (this.events.get(key)?.times ?? []).filter((t) => t > since);
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, entry] of this.events) {
      if (entry.times.every((t) => t <= now - entry.windowMs)) this.events.delete(key);
    }
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
