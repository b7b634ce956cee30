import type { Alert, AlertCreateRequest, AlertList } from "@brokerage/api";
import type { MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Bus } from "../../lib/bus.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { getSetting } from "../settings/index.js";
import { currentPrice, priceText } from "../trading/index.js";
import { ALERT_CHANGES } from "./channels.js";
import * as repo from "./repository.js";
import { checkedValue, priceDecimalsOf } from "./rules.js";
import { toAlert } from "./view.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
  /** Tells the evaluator (on whichever process leads) of a new or removed alert. */
  bus?: Bus;
}

/**
 * The user's price alerts (packages/api alerts.ts): set, listed, removed. Firing is the evaluator's
 * (watcher.ts), on the leader's rounds.
 */
export class AlertService {
  constructor(private readonly deps: Deps) {}

  /**
   * Sets an alert on the instrument's price now (the reference a `movePct` alert measures from). The same
   * active alert asked again answers the one there is; one more than `alerts.maxActive` is refused
   * (ALERT_LIMIT_REACHED), counted under the user's row lock so that concurrent creates cannot pass it.
   */
  async create(userId: string, request: AlertCreateRequest): Promise<Alert> {
    const { db, clock, market } = this.deps;
    const listing = market.listing(request.symbol);
    if (!listing || (request.exchange !== undefined && listing.exchange !== request.exchange))
      throw new DomainError("UNKNOWN_SYMBOL", { symbol: request.symbol });
    const at = clock.now();
    const price = currentPrice(market, listing.symbol, at);
    if (price === undefined) throw new DomainError("PRICE_UNAVAILABLE");
    const decimals = priceDecimalsOf(listing);
    const { condition } = request;
    const value = checkedValue(condition, request.value, price, decimals, priceText(price, decimals));
    let created = false;
    const row = await db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const same = await repo.findActiveSame(tx, { userId, symbol: listing.symbol, condition, value });
      if (same) return same;
      const limit = await getSetting(tx, "alerts.maxActive");
      if ((await repo.countActive(tx, userId)) >= limit)
        throw new DomainError("ALERT_LIMIT_REACHED", { limit: String(limit) });
      created = true;
      return repo.insertAlert(tx, {
        userId,
        symbol: listing.symbol,
        exchange: listing.exchange,
        condition,
        value,
        referencePrice: price,
        createdAt: at,
      });
    });
    if (created) void this.deps.bus?.publish(ALERT_CHANGES, { alertId: row.id });
    return toAlert(row, market);
  }

  async list(userId: string): Promise<AlertList> {
    const { db, market } = this.deps;
    const [rows, maxActive] = await Promise.all([
      repo.listOfUser(db, userId),
      getSetting(db, "alerts.maxActive"),
    ]);
    return {
      items: rows.map((row) => toAlert(row, market)),
      active: rows.filter((row) => row.state === "active").length,
      maxActive,
    };
  }

  /** Removes one of the user's alerts, active or fired; another user's id answers NOT_FOUND like an unknown one. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteAlert(this.deps.db, { userId, id }))) throw new DomainError("NOT_FOUND");
    void this.deps.bus?.publish(ALERT_CHANGES, { alertId: id });
  }
}
