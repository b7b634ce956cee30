import type { MarginStatus } from "@brokerage/api";
import {
  PRICE_DECIMALS,
  closeOutOrder,
  liquidationPrice,
  money,
  pnl,
  toBookedString,
  type MarketCode,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { marginCallStates } from "../../db/schema/index.js";
import type { TradingDeps } from "./changes.js";
import { currentPrice, tradingConfig } from "./pricing.js";
import { openPositions } from "./repository.js";
import { positionTerms } from "./view.js";

/**
 * The margin-call ladder as the user sees it (docs/risk.md): each leveraged open position with its margin
 * level (equity ÷ margin), its close-out price, the lowest warning level of this descent, and the order in
 * which the close-outs would come if prices moved against every position in step (nearest first, core
 * `closeOutOrder`). The same order is written into each margin-call message.
 */
export async function marginStatus(
  deps: Pick<TradingDeps, "clock" | "market">,
  db: Db,
  userId: string,
): Promise<MarginStatus> {
  const at = deps.clock.now();
  const rows = (await openPositions(db, userId)).filter((row) => row.leverage > 1 && row.openPrice !== null);
  const states = await marginCallStatesOf(
    db,
    rows.map((row) => row.id),
  );
  let levels: string[] = [];
  let closeOut = "0.5";
  const candidates = [];
  for (const row of rows) {
    const config = await tradingConfig(db, row.market as MarketCode);
    levels = config.marginCallLevels;
    closeOut = money(1).minus(config.liquidationShare).toFixed();
    const terms = positionTerms(row);
    const closeOutPrice = liquidationPrice(terms, config.liquidationShare, PRICE_DECIMALS) ?? "0";
    const price = currentPrice(deps.market, row.symbol, at);
    const equity = price === undefined ? null : money(row.margin).plus(pnl(terms, price));
    const warned = states
      .filter((s) => s.orderId === row.id && s.warned === 1)
      .map((s) => s.level)
      .sort((a, b) => money(a).comparedTo(money(b)));
    candidates.push({
      id: row.id,
      price,
      closeOutPrice: money(closeOutPrice).toFixed(),
      orderId: row.id,
      orderNo: row.orderNo,
      symbol: row.symbol,
      currency: row.currency,
      margin: row.margin,
      equity: equity === null ? null : toBookedString(equity, row.currency),
      marginLevel: equity === null ? null : equity.div(row.margin).toFixed(4),
      warnedLevel: warned[0] ?? null,
    });
  }
  return {
    positions: closeOutOrder(candidates).map(({ id: _id, price: _price, ...rest }) => rest),
    levels: [...levels].sort((a, b) => money(b).comparedTo(money(a))),
    closeOut,
  };
}

export type MarginCallStateRow = typeof marginCallStates.$inferSelect;

export async function marginCallState(tx: Db, orderId: string, level: string) {
  const [row] = await tx
    .select()
    .from(marginCallStates)
    .where(and(eq(marginCallStates.orderId, orderId), eq(marginCallStates.level, level)));
  return row;
}

export function marginCallStatesOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(marginCallStates)
    .where(inArray(marginCallStates.orderId, [...orderIds]));
}

/** Marks a level warned (one more descent); answers the descent's number. */
export async function markWarned(tx: Db, orderId: string, level: string, at: Date): Promise<number> {
  const [row] = await tx
    .insert(marginCallStates)
    .values({ orderId, level, warned: 1, descents: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: [marginCallStates.orderId, marginCallStates.level],
      set: { warned: 1, descents: sql`${marginCallStates.descents} + 1`, updatedAt: at },
    })
    .returning({ descents: marginCallStates.descents });
  if (!row) throw new Error("the margin-call state was not written");
  return row.descents;
}

/** Re-arms a level warned before (the equity is back above it); answers whether it was warned. */
export async function rearm(tx: Db, orderId: string, level: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(marginCallStates)
    .set({ warned: 0, updatedAt: at })
    .where(
      and(
        eq(marginCallStates.orderId, orderId),
        eq(marginCallStates.level, level),
        eq(marginCallStates.warned, 1),
      ),
    )
    .returning({ level: marginCallStates.level });
  return rows.length > 0;
}
