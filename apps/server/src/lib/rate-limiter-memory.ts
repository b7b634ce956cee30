import { RateLimiterRes } from "rate-limiter-flexible";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { Clock } from "./clock.js";

interface Entry {
  value: number;
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
}

/** One process's counts, shared by the limiters of every rule. */
export type MemoryEntries = Map<string, Entry>;

/** Beyond this many keys, a write sweeps out the expired ones. */
const SWEEP_THRESHOLD = 10_000;

/**
 * rate-limiter-flexible's in-process store with time read from the injected clock. The library's own
 * RateLimiterMemory reads Date.now() and expires keys with timers, so a test that moves the clock across a
 * lock period would have to fake the process's Date; a store is the library's documented extension point
 * (RateLimiterStoreAbstract: `_upsert`, `_get`, `_delete`, `_getRateLimiterRes`), and every rule of
 * counting, refusing and blocking stays the library's.
 */
export class ClockMemoryLimiter extends RateLimiterStoreAbstract {
  private readonly entries: MemoryEntries;
  private readonly clock: Clock;

  constructor(options: {
    points: number;
    duration: number;
    keyPrefix: string;
    storeClient: MemoryEntries;
    clock: Clock;
  }) {
    const { clock, ...rest } = options;
    super(rest);
    this.entries = options.storeClient;
    this.clock = clock;
  }

  /** Synchronous inside: nothing else runs between the read and the write, so it is atomic. */
  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Entry> {
    const now = this.clock.now().getTime();
    if (this.entries.size >= SWEEP_THRESHOLD) this.sweep(now);
    const entry = this.live(rlKey, now);
    if (entry && !forceExpire) {
      entry.value += points;
      return Promise.resolve({ ...entry });
    }
    const fresh = { value: points, expiresAt: msDuration > 0 ? now + msDuration : null };
    this.entries.set(rlKey, fresh);
    return Promise.resolve({ ...fresh });
  }

  _get(rlKey: string): Promise<Entry | null> {
    const entry = this.live(rlKey, this.clock.now().getTime());
    return Promise.resolve(entry ? { ...entry } : null);
  }

  _delete(rlKey: string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(rlKey));
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, entry: Entry): RateLimiterRes {
    const msBeforeNext =
      entry.expiresAt === null ? -1 : Math.max(entry.expiresAt - this.clock.now().getTime(), 0);
    return new RateLimiterRes(
      Math.max(this.points - entry.value, 0),
      msBeforeNext,
      entry.value,
      entry.value === changedPoints,
    );
  }

  private live(rlKey: string, now: number): Entry | undefined {
    const entry = this.entries.get(rlKey);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now) {
      this.entries.delete(rlKey);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
