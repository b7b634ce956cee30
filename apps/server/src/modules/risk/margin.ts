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
import { openPositions } from "../trading/repository.js";
import { currentPrice, tradingConfig } from "../trading/pricing.js";
import { positionTerms } from "../trading/view.js";
import * as repo from "./repository.js";
import type { RiskDeps } from "./statistics.js";

/**
 * The margin-call ladder as the user sees it (docs/risk.md): each leveraged open position with its margin
 * level (equity ÷ margin), its close-out price, the lowest warning level of this descent, and the order in
 * which the close-outs would come if prices moved against every position in step (nearest first, core
 * `closeOutOrder`). The same order is written into each margin-call message.
 */
export async function marginStatus(deps: RiskDeps, db: Db, userId: string): Promise<MarginStatus> {
  const at = deps.clock.now();
  const rows = (await openPositions(db, userId)).filter((row) => row.leverage > 1 && row.openPrice !== null);
  const states = await repo.marginCallStatesOf(
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
