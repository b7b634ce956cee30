import type { Clock } from "./clock.js";

export interface RateRule {
  /** Failures allowed inside the window before the key is limited. */
  max: number;
  windowMs: number;
}

/**
 * Counts events per key over a sliding window. The in-process implementation serves one server;
 * with REDIS_URL a shared implementation takes its place behind the same interface.
 */
export interface RateLimiter {
  isLimited(key: string, rule: RateRule): Promise<boolean>;
  record(key: string, rule: RateRule): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Beyond this many tracked keys, a record sweeps out keys whose events have all left their window. */
const SWEEP_THRESHOLD = 10_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly events = new Map<string, { times: number[]; windowMs: number }>();

  constructor(private readonly clock: Clock) {}

  async isLimited(key: string, rule: RateRule): Promise<boolean> {
    return this.recent(key, rule.windowMs).length >= rule.max;
  }

  async record(key: string, rule: RateRule): Promise<void> {
    if (this.events.size >= SWEEP_THRESHOLD) this.sweep();
    const times = this.recent(key, rule.windowMs);
    times.push(this.clock.now().getTime());
    this.events.set(key, { times, windowMs: rule.windowMs });
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
