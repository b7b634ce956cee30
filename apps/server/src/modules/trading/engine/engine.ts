import type { CloseReason } from "@brokerage/api";
import {
  LimitBook,
  shouldLiquidate,
  type Direction,
  type MarketCode,
  type MarketDataProvider,
} from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/index.js";
import type { Bus } from "../../../lib/bus.js";
import type { Clock } from "../../../lib/clock.js";
import { DomainError } from "../../../lib/errors.js";
import { recoveredAbove } from "../engine-calls.js";
import { currentPrice, isTradable, tradingConfig } from "../pricing.js";
import * as repo from "../repository.js";
import type { TradeChange, TradingService } from "../service.js";
import { TRADE_CHANGES } from "./changes.js";
import { soleLeadership, type Leadership } from "./leadership.js";
import { TRIGGER_ACTIONS, planOf, triggerId, type RowPlan, type Trigger } from "./triggers.js";

export interface TradingEngineOptions {
  /** Real time between rounds: the market stream's cadence (default 1 s); 0 runs no timer (tests call `round`). */
  intervalMs: number;
  /** Clock time between rebuilds of the book from the database: the safety net for changes lost on the way. */
  rebuildMs: number;
  /** Clock time between checks of the lead (trying to take it, or checking the lock's connection). */
  leaderCheckMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: TradingEngineOptions = {
  intervalMs: 1000,
  rebuildMs: 60_000,
  leaderCheckMs: 5000,
};

export interface TradingEngineDeps {
  /** The process's one trading service: every action is one of its engine methods, each its own transaction. */
  service: TradingService;
  db: Db;
  market: MarketDataProvider;
  clock: Clock;
  /** Default: sole leadership (one process). */
  leadership?: Leadership;
  /** Where the changes of every process arrive (TRADE_CHANGES); without it only `changed` is heard. */
  bus?: Bus;
  log?: FastifyBaseLogger;
}

interface Tracked {
  row: repo.TradeOrderRow;
  plan: RowPlan;
  /** The market's automatic-close share when the book was told about the row. */
  share: string | undefined;
}

/** What the engine reads of a market's terms: the automatic-close share and the margin-call ladder. */
interface MarketRules {
  share: string;
  levels: readonly string[];
}

type Outcome = "done" | "gone" | { code?: string; until?: number };

/**
 * Work of another module that runs in the leader's rounds after the matching (price alerts): one process
 * does it at a time, on the engine's cadence and clock. A task keeps what it reads while leading and drops
 * it in `standDown`, so a new leader starts from the database.
 */
export interface LeaderTask {
  /** One round while this process leads; a failure is logged and the next round tries again. */
  round(at: Date): Promise<void>;
  /** The lead was lost or given up. */
  standDown(): void;
}

/** The domain error's code, when the failure is one (a refusal rather than a fault). */
const codeOf = (err: unknown): string | undefined => (err instanceof DomainError ? err.code : undefined);

/**
 * The matching engine (DESIGN §2 "Exactly one process runs the schedulers", §5 "Orders and positions").
 *
 * The leader keeps an in-memory `LimitBook` per symbol of what a price can trigger (limit orders, stop-loss
 * and take-profit, the automatic close of leveraged positions) and, beside it, the deadlines (a pending
 * order's expiry at the close, a day trade's end) and the closes waiting for their market's open. Each round
 * it quotes the symbols it holds something for, at the clock's "now", and acts through the service, one
 * transaction per action. The database stays the truth: the book is rebuilt from it when the lead is taken
 * and every `rebuildMs`, and an order's entries are re-read from it after every change the service reports.
 *
 * Prices. Nothing is done on a price that is not tradable now (pricing.ts `isTradable`: the market open,
 * the quote live and at most two minutes old), so a stopped feed fills and closes nothing. The one
 * exception is the day trade's end, after the close, at the session's closing price (`currentPrice`).
 *
 * A crossed limit order fills at the current price, which is the limit or better for the user (a buy at
 * or below its limit, a sell at or above). A short filled above its limit needs a little more margin than
 * its hold; if the available balance cannot pay it, it fills at its limit, which the hold covers exactly.
 *
 * Failures. A refusal that says the order moved on (ORDER_STATE_INVALID, NOT_FOUND) drops its entries and
 * re-reads the row; a stop met by the position's lock (SELL_LOCKED) or by lent shares (POSITION_LENT, the
 * automatic close included) waits in the engine until the lock lifts or the shares come back; anything else is logged and tried again next round. A round never overlaps the previous one.
 */
export class TradingEngine {
  private readonly book = new LimitBook<Trigger>();
  private readonly tracked = new Map<string, Tracked>();
  /** Triggers that fired while their position was locked, held back until the lock lifts (epoch ms). */
  private readonly deferred = new Map<string, { trigger: Trigger; until: number }>();
  /** Orders to re-read from the database at the next round. */
  private readonly dirty = new Set<string>();
  private readonly shares = new Map<string, MarketRules>();
  /**
   * Margin calls told in this descent (the level's state in the database is the record; this spares it the
   * asking): out of the book until the price recovers above the level (`marginRecovered`), then re-armed.
   */
  private readonly warned = new Map<string, Trigger>();
  private readonly options: TradingEngineOptions;
  private readonly leadership: Leadership;
  private readonly tasks = new Set<LeaderTask>();
  private leading = false;
  private lastLeaderCheck = Number.NEGATIVE_INFINITY;
  private lastRebuild = Number.NEGATIVE_INFINITY;
  private current: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: TradingEngineDeps,
    options: Partial<TradingEngineOptions> = {},
  ) {
    // An option given as undefined keeps its default.
    const given = Object.entries(options).filter(([, value]) => value !== undefined);
    this.options = { ...DEFAULT_ENGINE_OPTIONS, ...Object.fromEntries(given) };
    this.leadership = deps.leadership ?? soleLeadership;
    this.unsubscribe = deps.bus?.subscribe(TRADE_CHANGES, (change) => this.changed(change));
  }

  /** Whether this engine leads (and so acts) now. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** The ids of the book's entries, sorted (tests and diagnostics). */
  entries(): string[] {
    return [...this.tracked.values()]
      .flatMap(({ row, plan }) => [
        ...TRIGGER_ACTIONS.map((action) => triggerId(row.id, action)),
        ...plan.triggers.filter((trigger) => trigger.action === "marginCall").map((trigger) => trigger.id),
      ])
      .filter((id) => this.book.has(id) || this.deferred.has(id))
      .sort();
  }

  /** Runs `task` in every round this process leads (after the matching); answers the function removing it. */
  addTask(task: LeaderTask): () => void {
    this.tasks.add(task);
    return () => {
      if (this.tasks.delete(task)) task.standDown();
    };
  }

  /** Starts the rounds on a timer (`intervalMs` of real time; prices and deadlines at the clock's "now"). */
  start(): void {
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.round(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer, lets the running round end, and gives the lead up. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.current;
    await this.leadership.release();
    this.standDown();
  }

  /** An order changed (any process): its entries are re-read at the next round. Ignored while not leading. */
  changed(change: TradeChange): void {
    if (this.leading) this.dirty.add(change.orderId);
  }

  /** One round; a call while one runs answers that round rather than start another. Never rejects. */
  round(): Promise<void> {
    this.current ??= this.run().finally(() => (this.current = undefined));
    return this.current;
  }

  private async run(): Promise<void> {
    try {
      const now = this.deps.clock.now().getTime();
      if (!(await this.lead(now))) return;
      if (this.due(this.lastRebuild, now, this.options.rebuildMs)) await this.rebuild(now);
      await this.sync();
      await this.act(this.deps.clock.now());
    } catch (err) {
      this.deps.log?.error({ err }, "matching engine round failed");
    }
    if (this.leading) await this.runTasks();
  }

  /** The other modules' leader work; one task's failure keeps neither the others nor the next round away. */
  private async runTasks(): Promise<void> {
    for (const task of this.tasks) {
      try {
        await task.round(this.deps.clock.now());
      } catch (err) {
        this.deps.log?.error({ err }, "leader task failed");
      }
    }
  }

  /** Clock time has passed since `last`, or went back (a test resetting its clock). */
  private due(last: number, now: number, every: number): boolean {
    return now < last || now - last >= every;
  }

  private async lead(now: number): Promise<boolean> {
    if (this.leading && !this.leadership.held) this.standDown();
    if (this.due(this.lastLeaderCheck, now, this.options.leaderCheckMs)) {
      this.lastLeaderCheck = now;
      const leads = await this.leadership.hold();
      if (leads && !this.leading) {
        this.leading = true;
        // A new leader trusts nothing it knew before: it reads the book from the database now.
        this.lastRebuild = Number.NEGATIVE_INFINITY;
        this.deps.log?.info("matching engine leads");
      } else if (!leads && this.leading) {
        this.deps.log?.warn("matching engine lost the lead");
        this.standDown();
      }
    }
    return this.leading;
  }

  private standDown(): void {
    this.leading = false;
    this.clear();
    for (const task of this.tasks) task.standDown();
  }

  private clear(): void {
    this.book.clear();
    this.tracked.clear();
    this.deferred.clear();
    this.dirty.clear();
    this.warned.clear();
  }

  /** Reads every live row: changes reported from now on are re-read at the next round on top of it. */
  private async rebuild(now: number): Promise<void> {
    this.dirty.clear();
    const rows = [...(await this.deps.service.pendingOrders()), ...(await this.deps.service.livePositions())];
    this.shares.clear();
    for (const market of new Set(rows.map((row) => row.market))) await this.shareOf(market);
    this.clear();
    for (const row of rows) this.track(row, this.shares.get(row.market));
    this.lastRebuild = now;
  }

  private async shareOf(market: string): Promise<MarketRules> {
    let rules = this.shares.get(market);
    if (rules === undefined) {
      const config = await tradingConfig(this.deps.db, market as MarketCode);
      rules = { share: config.liquidationShare, levels: config.marginCallLevels };
      this.shares.set(market, rules);
    }
    return rules;
  }

  private async sync(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    // Re-read the rules with the rows: a changed share applies to a new position at once (and to the others
    // at the next rebuild).
    if (ids.length === 0) return;
    this.shares.clear();
    try {
      // One read for the round's changes, however many (a busy second places hundreds of orders).
      const rows = new Map((await repo.findOrders(this.deps.db, ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        this.untrack(id);
        const row = rows.get(id);
        if (row) this.track(row, await this.shareOf(row.market));
      }
    } catch (err) {
      this.deps.log?.warn({ err, orders: ids.length }, "matching engine could not re-read changed orders");
      for (const id of ids) this.dirty.add(id);
    }
  }

  private track(row: repo.TradeOrderRow, rules: MarketRules | undefined): void {
    const share = rules?.share;
    const plan = planOf(row, share, rules?.levels);
    const live =
      plan.triggers.length > 0 ||
      plan.closeAtOpen === true ||
      plan.expiresAt !== undefined ||
      plan.dayEndAt !== undefined;
    if (!live) return;
    this.tracked.set(row.id, { row, plan, share });
    for (const trigger of plan.triggers) if (!this.warned.has(trigger.id)) this.arm(trigger);
  }

  private untrack(orderId: string): void {
    for (const trigger of this.tracked.get(orderId)?.plan.triggers ?? []) this.book.remove(trigger.id);
    this.tracked.delete(orderId);
    for (const action of TRIGGER_ACTIONS) {
      const id = triggerId(orderId, action);
      this.book.remove(id);
      this.deferred.delete(id);
    }
  }

  /** Puts a trigger (back) in the book, unless its order has gone meanwhile. */
  private arm(trigger: Trigger): void {
    if (this.tracked.has(trigger.orderId) && !this.book.has(trigger.id)) this.book.add(trigger);
  }

  private async act(at: Date): Promise<void> {
    const now = at.getTime();
    const rows = [...this.tracked.values()];
    for (const { row, plan } of rows) {
      if (plan.expiresAt !== undefined && plan.expiresAt <= now)
        await this.attempt(row.id, () => this.deps.service.expireOrder(row.id));
    }
    for (const [id, { trigger, until }] of [...this.deferred]) {
      if (until > now) continue;
      this.deferred.delete(id);
      this.arm(trigger);
    }
    // The closes waiting for the open, by symbol, and every symbol the engine holds something for.
    const closings = new Map<string, string[]>();
    for (const { row, plan } of rows) {
      const list = closings.get(row.symbol) ?? [];
      if (plan.closeAtOpen) list.push(row.id);
      closings.set(row.symbol, list);
    }
    for (const [symbol, waiting] of closings) {
      try {
        await this.actOn(symbol, waiting, at);
      } catch (err) {
        this.deps.log?.error({ err, symbol }, "matching engine failed on a symbol");
      }
    }
    for (const { row, plan } of rows) {
      if (plan.dayEndAt === undefined || plan.dayEndAt > now || !this.tracked.has(row.id)) continue;
      // After the close: the session's closing price, which `currentPrice` answers only while it is that.
      const price = currentPrice(this.deps.market, row.symbol, at);
      if (price !== undefined) await this.close(row.id, price, "dayEnd");
    }
  }

  /** The closes waiting for the open, then the crossed triggers, on the symbol's tradable price. */
  private async actOn(symbol: string, closings: readonly string[], at: Date): Promise<void> {
    const quote = this.deps.market.quote(symbol, at);
    if (!quote || !isTradable(quote, at)) return;
    const price = quote.close;
    for (const id of closings) if (this.tracked.has(id)) await this.close(id, price, "user");
    for (const trigger of this.book.crossed(symbol, price)) await this.fire(trigger, price, at.getTime());
    await this.recover(symbol, price);
  }

  /** Warned levels of `symbol` whose position has recovered above them: re-armed for the next descent. */
  private async recover(symbol: string, price: string): Promise<void> {
    for (const [id, trigger] of [...this.warned]) {
      if (trigger.symbol !== symbol) continue;
      const tracked = this.tracked.get(trigger.orderId);
      if (!tracked || tracked.row.openPrice === null) continue;
      const position = {
        direction: tracked.row.direction as Direction,
        openPrice: tracked.row.openPrice,
        quantity: tracked.row.quantity,
        margin: tracked.row.margin,
        currency: tracked.row.currency,
      };
      if (!recoveredAbove(position, price, trigger.level ?? "")) continue;
      try {
        await this.deps.service.marginRecovered(trigger.orderId, trigger.level ?? "", price);
        this.warned.delete(id);
        this.arm(trigger);
      } catch (err) {
        this.deps.log?.warn(
          { err, orderId: trigger.orderId },
          "margin-call re-arm failed; tried again next round",
        );
      }
    }
  }

  private async fire(trigger: Trigger, price: string, now: number): Promise<void> {
    const tracked = this.tracked.get(trigger.orderId);
    // Gone this round (another trigger of the same position closed it).
    if (!tracked) return;
    if (trigger.action === "fill") {
      const { service } = this.deps;
      let outcome = await this.attempt(trigger.orderId, () => service.fillOrder(trigger.orderId, price));
      if (typeof outcome === "object" && outcome.code === "INSUFFICIENT_AVAILABLE")
        outcome = await this.attempt(trigger.orderId, () =>
          service.fillOrder(trigger.orderId, trigger.price),
        );
      if (typeof outcome === "object") this.arm(trigger);
      return;
    }
    const { row, share } = tracked;
    if (trigger.action === "marginCall") return this.marginCall(trigger, price);
    if (trigger.action === "liquidation") {
      const position = {
        direction: row.direction as Direction,
        openPrice: row.openPrice ?? "0",
        quantity: row.quantity,
        margin: row.margin,
        currency: row.currency,
      };
      // The book's price is exact for this already; the check is the rule itself, kept as the last word.
      if (share === undefined || !shouldLiquidate(position, price, share)) return this.arm(trigger);
    } else {
      const until = row.lockedUntil?.getTime();
      if (until !== undefined && until > now) return this.defer(trigger, until);
    }
    const outcome = await this.close(row.id, price, trigger.action);
    if (typeof outcome !== "object") return;
    if (outcome.until !== undefined) this.defer(trigger, outcome.until);
    else this.arm(trigger);
  }

  /** Tells the owner once (the service refuses a repeat); a failure is tried again next round. */
  private async marginCall(trigger: Trigger, price: string): Promise<void> {
    try {
      await this.deps.service.marginCall(trigger.orderId, trigger.level ?? "", price);
      this.warned.set(trigger.id, trigger);
    } catch (err) {
      if (codeOf(err) === "ORDER_STATE_INVALID" || codeOf(err) === "NOT_FOUND") return;
      this.deps.log?.warn({ err, orderId: trigger.orderId }, "margin call failed; tried again next round");
      this.arm(trigger);
    }
  }

  private defer(trigger: Trigger, until: number): void {
    this.deferred.set(trigger.id, { trigger, until });
  }

  private close(id: string, price: string, reason: CloseReason): Promise<Outcome> {
    return this.attempt(id, () => this.deps.service.closePosition(id, price, reason));
  }

  /**
   * One service call. Done or gone: the order's entries leave the book and the row is re-read next round
   * (a filled order comes back as a position with its stops). Otherwise the refusal, for the caller.
   */
  private async attempt(orderId: string, call: () => Promise<unknown>): Promise<Outcome> {
    try {
      await call();
      this.untrack(orderId);
      this.dirty.add(orderId);
      return "done";
    } catch (err) {
      const code = codeOf(err);
      if (code === "ORDER_STATE_INVALID" || code === "NOT_FOUND") {
        this.untrack(orderId);
        this.dirty.add(orderId);
        return "gone";
      }
      if ((code === "SELL_LOCKED" || code === "POSITION_LENT") && err instanceof DomainError) {
        const until = Date.parse(String(err.params.until));
        if (!Number.isNaN(until)) return { code, until };
      }
      this.deps.log?.warn({ err, orderId }, "matching engine action failed; tried again next round");
      return { code };
    }
  }
}
