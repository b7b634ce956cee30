import { LimitBook, money, type BookEntry, type MarketDataProvider } from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Bus } from "../../lib/bus.js";
import type { Clock } from "../../lib/clock.js";
import { MessageService, type NewMessage } from "../messages/index.js";
import { currentPrice, priceText, type LeaderTask } from "../trading/index.js";
import { ALERTS_FIRED, ALERT_CHANGES, type AlertFired } from "./channels.js";
import * as repo from "./repository.js";
import { messageKindOf, movePercent, thresholdsOf } from "./rules.js";
import { instrumentView } from "./view.js";

export interface AlertWatcherOptions {
  /** Clock time between re-reads of every active alert: the safety net for changes lost on the way. */
  rebuildMs: number;
}

export const DEFAULT_WATCHER_OPTIONS: AlertWatcherOptions = { rebuildMs: 60_000 };

export interface AlertWatcherDeps {
  db: Db;
  market: MarketDataProvider;
  clock: Clock;
  /** Where alert changes arrive from every process, and where fired alerts go to their owners' sockets. */
  bus?: Bus;
  log?: FastifyBaseLogger;
}

/** A side of an alert in the book: `above` is a sell limit (fires at or above), `below` a buy limit. */
interface AlertEntry extends BookEntry {
  alertId: string;
}

const entryOf = (alertId: string, symbol: string, side: "up" | "down", price: string): AlertEntry => ({
  id: `${side}:${alertId}`,
  alertId,
  symbol,
  kind: "limit",
  direction: side === "up" ? "short" : "long",
  price,
});

/**
 * The price-alert evaluator (DESIGN §4.1 "Alerts"), a task of the matching engine's leader: one process
 * evaluates at a time, on the engine's rounds.
 *
 * It keeps every active alert in a `LimitBook` by symbol (an `above` alert one entry, a `below` one, a
 * `movePct` one both sides of its reference), so a round quotes each symbol that has alerts once and takes
 * out only the crossed entries: no query per tick, per user or per alert. The book is read from the
 * database when the lead is taken and every `rebuildMs`; an alert created or removed on any process comes
 * over the bus and is re-read at the next round (one query for all of them).
 *
 * Firing is one transaction per symbol and round: the crossed alerts go from `active` to `fired` (only an
 * active row changes) and their inbox messages are written with them, so each alert fires once whatever
 * the retries, restarts or a second evaluator; then each owner's sockets hear it. A failed transaction puts
 * the entries back for the next round. Prices are the trading engine's: current quotes only (pricing.ts
 * `currentPrice`), so a stopped feed fires nothing.
 */
export class AlertWatcher implements LeaderTask {
  private readonly book = new LimitBook<AlertEntry>();
  private readonly tracked = new Map<string, repo.WatchedAlert>();
  private readonly bySymbol = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly messages: MessageService;
  private readonly options: AlertWatcherOptions;
  private leading = false;
  private lastRebuild = Number.NEGATIVE_INFINITY;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: AlertWatcherDeps,
    options: Partial<AlertWatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_WATCHER_OPTIONS, ...options };
    this.messages = new MessageService({ db: deps.db, clock: deps.clock });
    this.unsubscribe = deps.bus?.subscribe(ALERT_CHANGES, ({ alertId }) => {
      if (this.leading) this.dirty.add(alertId);
    });
  }

  /** The ids of the active alerts in the book, sorted (tests and diagnostics). */
  watching(): string[] {
    return [...this.tracked.keys()].sort();
  }

  async round(at: Date): Promise<void> {
    this.leading = true;
    const now = at.getTime();
    if (now < this.lastRebuild || now - this.lastRebuild >= this.options.rebuildMs) await this.rebuild(now);
    else await this.sync();
    for (const symbol of [...this.bySymbol.keys()]) {
      try {
        await this.evaluate(symbol, at);
      } catch (err) {
        this.deps.log?.error({ err, symbol }, "price alerts failed on a symbol");
      }
    }
  }

  standDown(): void {
    this.leading = false;
    this.lastRebuild = Number.NEGATIVE_INFINITY;
    this.clear();
  }

  /** Stops listening to the bus (the app's close). */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.standDown();
  }

  private clear(): void {
    this.book.clear();
    this.tracked.clear();
    this.bySymbol.clear();
    this.dirty.clear();
  }

  private async rebuild(now: number): Promise<void> {
    // Changes heard from here on are re-read next round on top of what this read finds.
    this.dirty.clear();
    const alerts = await repo.activeAlerts(this.deps.db);
    this.clear();
    for (const alert of alerts) this.track(alert);
    this.lastRebuild = now;
  }

  private async sync(): Promise<void> {
    const ids = [...this.dirty];
    if (ids.length === 0) return;
    this.dirty.clear();
    try {
      const found = new Map((await repo.activeAmong(this.deps.db, ids)).map((alert) => [alert.id, alert]));
      for (const id of ids) {
        this.untrack(id);
        const alert = found.get(id);
        if (alert) this.track(alert);
      }
    } catch (err) {
      this.deps.log?.warn({ err, alerts: ids.length }, "price alerts could not re-read changed alerts");
      for (const id of ids) this.dirty.add(id);
    }
  }

  private track(alert: repo.WatchedAlert): void {
    const { decimals } = instrumentView(this.deps.market.listing(alert.symbol), alert.symbol);
    const fires = thresholdsOf(alert.condition, alert.value, alert.referencePrice, decimals);
    this.tracked.set(alert.id, alert);
    const ids = this.bySymbol.get(alert.symbol) ?? new Set<string>();
    ids.add(alert.id);
    this.bySymbol.set(alert.symbol, ids);
    if (fires.atOrAbove !== null) this.book.add(entryOf(alert.id, alert.symbol, "up", fires.atOrAbove));
    if (fires.atOrBelow !== null) this.book.add(entryOf(alert.id, alert.symbol, "down", fires.atOrBelow));
  }

  private untrack(id: string): void {
    const alert = this.tracked.get(id);
    if (!alert) return;
    this.tracked.delete(id);
    this.book.remove(`up:${id}`);
    this.book.remove(`down:${id}`);
    const ids = this.bySymbol.get(alert.symbol);
    ids?.delete(id);
    if (ids?.size === 0) this.bySymbol.delete(alert.symbol);
  }

  private async evaluate(symbol: string, at: Date): Promise<void> {
    const price = currentPrice(this.deps.market, symbol, at);
    if (price === undefined) return;
    const crossed = [...new Set(this.book.crossed(symbol, price).map((entry) => entry.alertId))];
    if (crossed.length === 0) return;
    const alerts = crossed.flatMap((id) => this.tracked.get(id) ?? []);
    let fired: AlertFired[];
    try {
      fired = await this.fire(symbol, alerts, price, at);
    } catch (err) {
      this.deps.log?.warn({ err, symbol }, "price alerts could not fire; tried again next round");
      // Back in the book as they were, for the next round's price.
      for (const alert of alerts) {
        this.untrack(alert.id);
        this.track(alert);
      }
      return;
    }
    // Fired now, or gone meanwhile (removed, or fired by another evaluator): either way out of the book.
    for (const alert of alerts) this.untrack(alert.id);
    for (const event of fired) void this.deps.bus?.publish(ALERTS_FIRED, event);
  }

  /** One transaction: the crossed alerts that are still active become fired, with their owners' messages. */
  private async fire(
    symbol: string,
    alerts: readonly repo.WatchedAlert[],
    price: string,
    at: Date,
  ): Promise<AlertFired[]> {
    const { db, market } = this.deps;
    const { name, currency, decimals } = instrumentView(market.listing(symbol), symbol);
    const shown = (value: string) => priceText(value, decimals);
    return db.transaction(async (tx) => {
      const rows = await repo.fire(tx, { ids: alerts.map((alert) => alert.id), price, at });
      const told = rows.map((row): AlertFired & NewMessage => {
        const reference = row.referencePrice;
        const params: Record<string, string> = {
          symbol,
          name,
          currency,
          price: shown(price),
          reference: shown(reference),
          ...(row.condition === "movePct"
            ? { percent: money(row.value).toFixed(), move: movePercent(reference, price) }
            : { level: shown(row.value) }),
        };
        return { userId: row.userId, alertId: row.id, kind: messageKindOf(row.condition), params };
      });
      await this.messages.sendAll(tx, told);
      return told.map(({ userId, alertId, kind, params }) => ({ userId, alertId, kind, params }));
    });
  }
}
