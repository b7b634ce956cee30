import {
  TRADE_PAGE_SIZE,
  type InventoryItem,
  type OrderState,
  type TradeOrder,
  type TradeOrderPage,
  type TradeOrdersRequest,
  type TradePositionsRequest,
} from "@brokerage/api";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import type { TradingDeps } from "./changes.js";
import { currentPrice } from "./pricing.js";
import * as repo from "./repository.js";
import { inventoryOf, toTradeOrder } from "./view.js";

const ORDER_TABS: Record<TradeOrdersRequest["tab"], OrderState[]> = {
  purchase: ["pending", "review"],
  finished: ["closed", "cancelled", "expired", "declined"],
};
const POSITION_MARKETS: Record<TradePositionsRequest["tab"], string[] | undefined> = {
  inProgress: undefined,
  crypto: ["CRYPTO"],
  forex: ["FX"],
};
const ordersCursor = seqCursor("trade", BIGINT_SEQ_MAX);
const positionsCursor = seqCursor("position", BIGINT_SEQ_MAX);

/** The user's orders and positions: the lists, one position's detail, the holdings by instrument. */
export class TradeLists {
  constructor(private readonly deps: TradingDeps) {}

  /**
   * The user's orders of a tab (purchase: waiting, with the current price beside the limit; finished:
   * ended), newest first.
   */
  async orders(userId: string, request: TradeOrdersRequest): Promise<TradeOrderPage> {
    const { db, market, clock } = this.deps;
    const beforeSeq = request.cursor === undefined ? undefined : ordersCursor.decode(request.cursor);
    const rows = await repo.listPage(db, {
      userId,
      states: ORDER_TABS[request.tab],
      beforeSeq,
      limit: TRADE_PAGE_SIZE + 1,
    });
    const priceOf = this.prices(clock.now());
    return this.page(rows, ordersCursor, (row) =>
      toTradeOrder(row, market, row.state === "pending" ? priceOf(row.symbol) : undefined),
    );
  }

  /** The user's open positions (all, crypto or forex), newest first, valued at the current price. */
  async positions(userId: string, request: TradePositionsRequest): Promise<TradeOrderPage> {
    const { db, market, clock } = this.deps;
    const beforeSeq = request.cursor === undefined ? undefined : positionsCursor.decode(request.cursor);
    const rows = await repo.listPage(db, {
      userId,
      states: ["open", "closing"],
      markets: POSITION_MARKETS[request.tab],
      beforeSeq,
      limit: TRADE_PAGE_SIZE + 1,
    });
    const priceOf = this.prices(clock.now());
    return this.page(rows, positionsCursor, (row) => toTradeOrder(row, market, priceOf(row.symbol)));
  }

  /** One of the user's orders with every field of spec §3; NOT_FOUND for anyone else's. */
  async positionDetail(userId: string, id: string): Promise<TradeOrder> {
    const { db, market, clock } = this.deps;
    const row = await repo.findOrder(db, { id, userId });
    if (!row) throw new DomainError("NOT_FOUND");
    return toTradeOrder(row, market, currentPrice(market, row.symbol, clock.now()));
  }

  /** The user's open positions summed by instrument and direction. */
  async inventory(userId: string): Promise<InventoryItem[]> {
    const { db, market, clock } = this.deps;
    return inventoryOf(await repo.openPositions(db, userId), market, this.prices(clock.now()));
  }

  /** Current prices by symbol for one answer (one quote per symbol however many positions hold it). */
  private prices(at: Date): (symbol: string) => string | undefined {
    const seen = new Map<string, string | undefined>();
    return (symbol) => {
      if (!seen.has(symbol)) seen.set(symbol, currentPrice(this.deps.market, symbol, at));
      return seen.get(symbol);
    };
  }

  private page<C extends { encode(seq: number): string }>(
    rows: repo.TradeOrderRow[],
    cursor: C,
    view: (row: repo.TradeOrderRow) => TradeOrder,
  ): TradeOrderPage {
    const page = rows.slice(0, TRADE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(view),
      nextCursor: rows.length > TRADE_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }
}
