import type { Instant } from "./time.js";
import type {
  Board,
  Candle,
  CandleOptions,
  CandlePeriod,
  Instrument,
  Listing,
  MarketDataProvider,
  MarketIndex,
  Quote,
} from "./types.js";

/**
 * A provider whose instruments' boards can change while it runs: a new share on the `subscription` board
 * moves to `listed` when its offering lists (DESIGN §5 "Primary market"), so it trades and shows among the
 * listed like any other. Prices, candles and everything else are the inner provider's; only the board
 * differs, in listings, the instrument list and each quote's details.
 */
export class BoardOverlay implements MarketDataProvider {
  private readonly boards = new Map<string, Board>();

  constructor(private readonly inner: MarketDataProvider) {}

  get id(): string {
    return this.inner.id;
  }

  get simulated(): boolean {
    return this.inner.simulated;
  }

  /** Moves an instrument to a board (a symbol of no instrument is ignored). Answers whether it changed. */
  setBoard(symbol: string, board: Board): boolean {
    const listing = this.inner.listing(symbol);
    if (!listing || listing.kind === "index") return false;
    const before = this.boards.get(symbol) ?? listing.board;
    if (board === listing.board) this.boards.delete(symbol);
    else this.boards.set(symbol, board);
    return before !== board;
  }

  private moved(instrument: Instrument): Instrument {
    const board = this.boards.get(instrument.symbol);
    return board === undefined ? instrument : { ...instrument, board };
  }

  instruments(): readonly Instrument[] {
    const all = this.inner.instruments();
    return this.boards.size === 0 ? all : all.map((i) => this.moved(i));
  }

  indices(): readonly MarketIndex[] {
    return this.inner.indices();
  }

  listing(symbol: string): Listing | undefined {
    const listing = this.inner.listing(symbol);
    return listing === undefined || listing.kind === "index" ? listing : this.moved(listing);
  }

  quote(symbol: string, at: Instant): Quote | undefined {
    const quote = this.inner.quote(symbol, at);
    const board = this.boards.get(symbol);
    if (quote === undefined || board === undefined) return quote;
    return { ...quote, details: { ...quote.details, board } };
  }

  candles(symbol: string, period: CandlePeriod, options: CandleOptions): Candle[] | undefined {
    return this.inner.candles(symbol, period, options);
  }
}
