/** The one source of time. Every time decision (session expiry, rate-limit windows) asks the clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; tests use it to cross expiry windows without sleeping. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = "2026-01-05T08:00:00Z") {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
