import {
  RISK_PRODUCTS,
  copyProductOf,
  type AcknowledgedProduct,
  type LossFigure,
  type RiskDisclosure,
  type RiskProduct,
} from "@brokerage/api";
import {
  LOSS_SHARE_METHOD,
  dayStartUtc,
  lossShare,
  quarterStart,
  twelveMonthsBefore,
  type AccountResult,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { copyAccountResults, liveCopyProducts } from "../follow/index.js";
import { PRODUCT_FILTERS, resultOver } from "./positions.js";
import * as repo from "./repository.js";

export interface RiskDeps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

type Kind = "quarterly" | "daily";

/** The period a figure of `kind` covers at `at`: 12 months up to the quarter's start, or up to today's. */
export function periodOf(kind: Kind, at: Date): { from: Date; to: Date } {
  const to = kind === "quarterly" ? quarterStart(at) : dayStartUtc(at);
  return { from: twelveMonthsBefore(to), to };
}

const figureOf = (row: repo.StatisticRow): LossFigure => ({
  lostShare: row.lostShare,
  accounts: row.accounts,
  lost: row.lost,
  from: row.periodFrom.toISOString(),
  to: row.periodTo.toISOString(),
  computedAt: row.computedAt.toISOString(),
});

/**
 * The loss statistics (DESIGN §5a; ESMA's method, core risk.ts): per product, the share of retail accounts
 * (every user account: the platform serves retail clients only) with a position of the product open at
 * some instant of the 12 months whose realised and unrealised net result over those months was negative; for
 * a copy product, every follower with units in it then, their holdings' results after its fees.
 * A figure is computed once per period and kept (`risk_statistics`): the published one at each quarter's
 * start, the displayed one at each day's start (UTC), by the first request or the scheduler's leader.
 */
export class RiskStatistics {
  constructor(private readonly deps: RiskDeps) {}

  /**
   * Each account's result on the product over [from, to), one row per position or per copy holding (core
   * `lossShare` sums). An unknown copy product is NOT_FOUND.
   */
  async results(product: RiskProduct, from: Date, to: Date): Promise<AccountResult[]> {
    const { db, market } = this.deps;
    const copy = copyProductOf(product);
    if (copy !== undefined) {
      const results = await copyAccountResults(db, copy, from, to);
      if (!results) throw new DomainError("NOT_FOUND");
      return results;
    }
    const prices = new Map<string, string | undefined>();
    const rows = await repo.positionsIn(db, PRODUCT_FILTERS[product as AcknowledgedProduct], from, to);
    return rows.map((row) => ({ account: row.userId, result: resultOver(row, from, to, market, prices) }));
  }

  /** The figure of `kind` for the period `at` falls in: the kept one, or computed now and kept. */
  async figure(product: RiskProduct, kind: Kind, at: Date): Promise<LossFigure> {
    const { db, clock } = this.deps;
    const { from, to } = periodOf(kind, at);
    const kept = await repo.statistic(db, product, kind, to);
    if (kept) return figureOf(kept);
    const share = lossShare(await this.results(product, from, to));
    return figureOf(
      await repo.keepStatistic(db, {
        product,
        kind,
        periodFrom: from,
        periodTo: to,
        accounts: share.accounts,
        lost: share.lost,
        lostShare: share.lostShare,
        computedAt: clock.now(),
      }),
    );
  }

  async disclosure(userId: string, product: RiskProduct): Promise<RiskDisclosure> {
    const at = this.deps.clock.now();
    const published = await this.figure(product, "quarterly", at);
    const daily = await this.figure(product, "daily", at);
    const acknowledged = await repo.acknowledgement(this.deps.db, userId, product);
    return {
      ...published,
      product,
      method: LOSS_SHARE_METHOD,
      daily,
      acknowledgedAt: acknowledged?.acknowledgedAt.toISOString() ?? null,
    };
  }

  /** Stores the user's acknowledgement (the first stands) with the published figure shown. */
  async acknowledge(userId: string, product: AcknowledgedProduct): Promise<RiskDisclosure> {
    const at = this.deps.clock.now();
    const published = await this.figure(product, "quarterly", at);
    await repo.acknowledge(this.deps.db, {
      userId,
      product,
      acknowledgedAt: at,
      lostShare: published.lostShare,
      periodTo: new Date(published.to),
    });
    return this.disclosure(userId, product);
  }

  /** The scheduler's part: each product's figures of the current quarter and day, kept once computed. */
  task() {
    let done = "";
    return {
      round: async (at: Date) => {
        const key = dayStartUtc(at).toISOString();
        if (key === done) return;
        const copies = (await liveCopyProducts(this.deps.db)).map(({ id }) => `copy:${id}` as const);
        for (const product of [...RISK_PRODUCTS, ...copies]) {
          await this.figure(product, "quarterly", at);
          await this.figure(product, "daily", at);
        }
        done = key;
      },
      standDown: () => {
        done = "";
      },
    };
  }
}
