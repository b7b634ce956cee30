import type { WsTick } from "@brokerage/api";
import type { MarketDataProvider, Quote } from "@brokerage/core";
import type { Clock } from "../../../lib/clock.js";

/**
 * Receives the ticks of one round that concern it, already serialised: each frame is built once and
 * shared by every subscriber; a round's frames come together so a socket can write them at once.
 */
export type FrameListener = (frames: readonly Buffer[]) => void;

export interface TickChange {
  symbol: string;
  frame: Buffer;
}

/**
 * Fans price changes out to subscribers. The in-process hub computes ticks itself; the Redis hub lets one
 * elected process compute them for the whole fleet and delivers them through pub/sub.
 */
export interface TickHub {
  subscribe(symbol: string, listener: FrameListener): void;
  unsubscribe(symbol: string, listener: FrameListener): void;
  close(): Promise<void>;
}

export interface TickHubOptions {
  provider: MarketDataProvider;
  clock: Clock;
  /** How often subscribed symbols are re-quoted (real time); prices are taken at the clock's "now". */
  intervalMs: number;
}

/** A quote as the socket's tick message. `sentAt` is wall-clock time, for latency measurement. */
export function tickFrame(quote: Quote): Buffer {
  const tick: WsTick = {
    type: "tick",
    symbol: quote.code,
    close: quote.close,
    gainValue: quote.gainValue,
    gain: quote.gain,
    volume: quote.volume,
    timestamp: quote.timestamp,
    status: quote.status,
    sentAt: Date.now(),
  };
  return Buffer.from(JSON.stringify(tick));
}

/** Subscribers per symbol. */
export class Listeners {
  private readonly bySymbol = new Map<string, Set<FrameListener>>();

  /** True when this is the symbol's first subscriber. */
  add(symbol: string, listener: FrameListener): boolean {
    const set = this.bySymbol.get(symbol);
    if (set) {
      set.add(listener);
      return false;
    }
    this.bySymbol.set(symbol, new Set([listener]));
    return true;
  }

  /** True when the symbol has no subscriber left. */
  remove(symbol: string, listener: FrameListener): boolean {
    const set = this.bySymbol.get(symbol);
    if (!set?.delete(listener) || set.size > 0) return false;
    this.bySymbol.delete(symbol);
    return true;
  }

  symbols(): string[] {
    return [...this.bySymbol.keys()];
  }

  /** Hands each subscriber the frames of its symbols, in one call per subscriber. */
  deliver(changes: readonly TickChange[]): void {
    const batches = new Map<FrameListener, Buffer[]>();
    for (const { symbol, frame } of changes) {
      for (const listener of this.bySymbol.get(symbol) ?? []) {
        const batch = batches.get(listener);
        if (batch) batch.push(frame);
        else batches.set(listener, [frame]);
      }
    }
    for (const [listener, frames] of batches) listener(frames);
  }
}

/** Quotes symbols and keeps only the ones whose price or status moved since the last tick sent. */
export class TickMaker {
  private readonly lastSent = new Map<string, string>();

  constructor(private readonly options: Pick<TickHubOptions, "provider" | "clock">) {}

  changes(symbols: readonly string[]): TickChange[] {
    const now = this.options.clock.now();
    const out: TickChange[] = [];
    for (const symbol of symbols) {
      const quote = this.options.provider.quote(symbol, now);
      if (!quote) continue;
      const state = `${quote.close}|${quote.status}`;
      if (this.lastSent.get(symbol) === state) continue;
      this.lastSent.set(symbol, state);
      out.push({ symbol, frame: tickFrame(quote) });
    }
    return out;
  }

  /** Keeps only the given symbols' last prices (the others lost their subscribers). */
  retain(symbols: readonly string[]): void {
    const keep = new Set(symbols);
    for (const symbol of this.lastSent.keys()) if (!keep.has(symbol)) this.lastSent.delete(symbol);
  }
}

/** One process computes and delivers its own ticks: one timer, quotes only for subscribed symbols. */
export class LocalTickHub implements TickHub {
  private readonly listeners = new Listeners();
  private readonly maker: TickMaker;
  private readonly timer: NodeJS.Timeout;

  constructor(options: TickHubOptions) {
    this.maker = new TickMaker(options);
    this.timer = setInterval(() => this.tick(), options.intervalMs);
    this.timer.unref();
  }

  tick(): void {
    this.listeners.deliver(this.maker.changes(this.listeners.symbols()));
  }

  subscribe(symbol: string, listener: FrameListener): void {
    this.listeners.add(symbol, listener);
  }

  unsubscribe(symbol: string, listener: FrameListener): void {
    if (this.listeners.remove(symbol, listener)) this.maker.retain(this.listeners.symbols());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
