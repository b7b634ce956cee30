import type { WsTick } from "@brokerage/api";
import type { MarketDataProvider, Quote } from "@brokerage/core";
import type { Clock } from "../../../lib/clock.js";

/**
 * Receives the ticks of one round that concern it, each already serialised as WsTick JSON: a tick is
 * serialised once per round and shared by every subscriber, which joins its ticks into one message.
 */
export type TickListener = (ticks: readonly Buffer[]) => void;

export interface TickChange {
  symbol: string;
  /** The tick as WsTick JSON. */
  json: Buffer;
}

/**
 * Fans price changes out to subscribers. The in-process hub computes ticks itself; the Redis hub lets one
 * elected process compute them for the whole fleet and delivers them through pub/sub.
 */
export interface TickHub {
  subscribe(symbol: string, listener: TickListener): void;
  unsubscribe(symbol: string, listener: TickListener): void;
  close(): Promise<void>;
}

export interface TickHubOptions {
  provider: MarketDataProvider;
  clock: Clock;
  /** How often subscribed symbols are re-quoted (real time); prices are taken at the clock's "now". */
  intervalMs: number;
}

/** The live part of a quote, as a tick (and `market/quotes`) carries it. */
export function liveTick(quote: Quote): Omit<WsTick, "sentAt"> {
  return {
    symbol: quote.code,
    close: quote.close,
    gainValue: quote.gainValue,
    gain: quote.gain,
    volume: quote.volume,
    timestamp: quote.timestamp,
    status: quote.status,
  };
}

/** A quote as a tick's JSON. `sentAt` is wall-clock time, for latency measurement. */
export function tickJson(quote: Quote): Buffer {
  const tick: WsTick = { ...liveTick(quote), sentAt: Date.now() };
  return Buffer.from(JSON.stringify(tick));
}

const TICKS_OPEN = Buffer.from('{"type":"ticks","ticks":[');
const COMMA = Buffer.from(",");
const TICKS_CLOSE = Buffer.from("]}");

/** The WsTicks message of serialised ticks: joined as they are, without parsing or re-serialising. */
export function ticksMessage(ticks: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [TICKS_OPEN];
  for (const [i, tick] of ticks.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(tick);
  }
  parts.push(TICKS_CLOSE);
  return Buffer.concat(parts);
}

/** Subscribers per symbol. */
export class Listeners {
  private readonly bySymbol = new Map<string, Set<TickListener>>();

  /** True when this is the symbol's first subscriber. */
  add(symbol: string, listener: TickListener): boolean {
    const set = this.bySymbol.get(symbol);
    if (set) {
      set.add(listener);
      return false;
    }
    this.bySymbol.set(symbol, new Set([listener]));
    return true;
  }

  /** True when the symbol has no subscriber left. */
  remove(symbol: string, listener: TickListener): boolean {
    const set = this.bySymbol.get(symbol);
    if (!set?.delete(listener) || set.size > 0) return false;
    this.bySymbol.delete(symbol);
    return true;
  }

  symbols(): string[] {
    return [...this.bySymbol.keys()];
  }

  /** Hands each subscriber the ticks of its symbols, in one call per subscriber. */
  deliver(changes: readonly TickChange[]): void {
    const batches = new Map<TickListener, Buffer[]>();
    for (const { symbol, json } of changes) {
      for (const listener of this.bySymbol.get(symbol) ?? []) {
        const batch = batches.get(listener);
        if (batch) batch.push(json);
        else batches.set(listener, [json]);
      }
    }
    for (const [listener, ticks] of batches) listener(ticks);
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
      out.push({ symbol, json: tickJson(quote) });
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

  subscribe(symbol: string, listener: TickListener): void {
    this.listeners.add(symbol, listener);
  }

  unsubscribe(symbol: string, listener: TickListener): void {
    if (this.listeners.remove(symbol, listener)) this.maker.retain(this.listeners.symbols());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
