/** Helpers of the trading tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import type { FundRecord, FundRecordPage, TradeOrder } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG, type MarketDataProvider, type Quote } from "@brokerage/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import {
  buildTestApp,
  call,
  registerUser,
  type Answer,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
import { tradeOrders, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { feedWith, fund, userIdOf, walletOf } from "../exchange/testing.js";
import { checkLedger } from "../ledger/index.js";
import { setFundPassword } from "../withdrawals/testing.js";
import { forgetTradingConfig } from "./pricing.js";

export { fund, userIdOf, walletOf };

export const newKey = () => `trade-${randomBytes(8).toString("hex")}`;

export interface BoardPrice {
  close: string;
  /** The previous close the band is measured from (default: `close`). */
  prevClose?: string;
  /** Stamped long ago, as a feed that stopped gives it. */
  stale?: boolean;
  /** No quote at all. */
  missing?: boolean;
}

/**
 * A market feed that answers as the simulator does (its hours, status and timestamps), except that the
 * symbols on the board have the prices the test sets, so every expected amount can be worked out by hand.
 */
export class PriceBoard {
  private readonly prices = new Map<string, BoardPrice>();
  readonly feed: MarketDataProvider = feedWith((symbol, quote) => this.quote(symbol, quote));

  set(symbol: string, price: BoardPrice | string): void {
    this.prices.set(symbol, typeof price === "string" ? { close: price } : price);
  }

  private quote(symbol: string, simulated: Quote | undefined): Quote | undefined {
    const board = this.prices.get(symbol);
    if (!board || !simulated) return simulated;
    if (board.missing) return undefined;
    const quote = { ...simulated, close: board.close, prev_close: board.prevClose ?? board.close };
    return board.stale ? { ...quote, status: "open", timestamp: "2025-01-01T00:00:00.000Z" } : quote;
  }
}

/** Where every trading test starts: Monday 2026-01-05 08:00 UTC (India trades, the US does not, crypto always). */
export const TRADING_TEST_START = "2026-01-05T08:00:00Z";

/**
 * The shared setup of a trading test file, registered as the file's hooks: one app on a fresh database whose
 * market is `board` (with room for the many users a file registers); after each test the ledger must check
 * clean and the clock goes back to the start. `ready` hands the app to the file once it is built (the file's
 * own `beforeAll` hooks, registered after this call, run after it).
 */
export function setUpTradingApp(board: PriceBoard, ready: (t: TestApp) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({
      market: { provider: board.feed },
      authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
    });
    ready(t);
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    if (!t) return;
    expect(await checkLedger(t.database.db)).toEqual([]);
    t.clock.set(TRADING_TEST_START);
  });
}

export interface Trader {
  session: Session;
  userId: string;
}

/** A registered user with a fund password and, when given, money in one wallet. */
export async function trader(
  t: TestApp,
  money?: { currency: string; amount: string },
  options: { fundPassword?: boolean; acknowledged?: boolean } = {},
): Promise<Trader> {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t, session);
  if (options.fundPassword ?? true) await setFundPassword(t, session);
  if (money) await fund(t, userId, money.currency, money.amount);
  // The risk warning a leveraged order needs (modules/risk), acknowledged as the order ticket does.
  if (options.acknowledged ?? true) await acknowledgeRisk(t, session);
  return { session, userId };
}

/** Acknowledges the leveraged-trading risk warning, as the order ticket does before a first leveraged order. */
export async function acknowledgeRisk(t: TestApp, session: Session): Promise<void> {
  const answer = await call(t.app, "risk/acknowledge", { product: "leveraged" }, session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
}

export const trade = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `trade/${action}`, body, who.session.headers);

/** Places an order that must succeed and answers it. */
export async function placeOk(t: TestApp, who: Trader, body: Record<string, unknown>): Promise<TradeOrder> {
  const answer = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as TradeOrder;
}

export async function setTradeBanned(t: TestApp, userId: string, tradeBanned: boolean) {
  await t.database.db.update(users).set({ tradeBanned }).where(eq(users.id, userId));
}

/** Stores a configuration value as the back office's config/set does: JSON in the settings table. */
export async function setSetting(t: TestApp, key: string, value: unknown) {
  await t.database.db.execute(sql`
    insert into settings (key, value, updated_at) values (${key}, ${JSON.stringify(value)}::jsonb, now())
    on conflict (key) do update set value = excluded.value`);
  forgetTradingConfig();
}

export async function clearSetting(t: TestApp, key: string) {
  await t.database.db.execute(sql`delete from settings where key = ${key}`);
  forgetTradingConfig();
}

/**
 * Runs `run` with test terms for crypto (a cap of 10, so leverages 1, 2, 5 and 10; fee 0.1 % without a
 * minimum, no other charges, a band of 20 %) with the lock, automatic-close share and margin-call levels given
 * (none unless asked), then puts the market's default terms back.
 */
export async function withCryptoTerms(
  t: TestApp,
  terms: { lockMinutes: number; liquidationShare: string; marginCallLevels?: string[] },
  run: () => Promise<void>,
): Promise<void> {
  await setSetting(t, "trading.CRYPTO", {
    leverageCaps: { crypto: 10 },
    feeRate: "0.001",
    minFee: "0",
    charges: [],
    lock: { kind: "minutes", n: terms.lockMinutes },
    liquidationShare: terms.liquidationShare,
    marginCallLevels: terms.marginCallLevels ?? [],
    priceBand: "0.20",
  });
  try {
    await run();
  } finally {
    await clearSetting(t, "trading.CRYPTO");
  }
}

/**
 * Registers hooks that let each test of the file trade crypto up to 10× (ESMA caps it at 2 for retail
 * clients), the market's other default terms unchanged and no margin-call warnings: for the files whose
 * fills and closes were worked out at 5× and 10× on crypto.
 */
export function cryptoUpToTenTimes(app: () => TestApp): void {
  beforeEach(() =>
    setSetting(app(), "trading.CRYPTO", {
      ...DEFAULT_TRADING_CONFIG.CRYPTO,
      leverageCaps: { crypto: 10 },
      marginCallLevels: [],
    }),
  );
  afterEach(() => clearSetting(app(), "trading.CRYPTO"));
}

export async function orderRows(t: TestApp, userId: string) {
  return t.database.db.select().from(tradeOrders).where(eq(tradeOrders.userId, userId));
}

/** Every fund record of the user (all pages), oldest first. */
export async function fundRecords(t: TestApp, who: Trader, currency?: string): Promise<FundRecord[]> {
  const records: FundRecord[] = [];
  let cursor: string | undefined;
  do {
    const answer = await call(t.app, "fund/records", { currency, cursor }, who.session.headers);
    expect(answer).toMatchObject({ status: 1 });
    const page = answer.data as FundRecordPage;
    records.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return records.reverse();
}
