import { randomUUID } from "node:crypto";
import { SETTING_DEFAULTS } from "@brokerage/api";
import { money, quotedRate } from "@brokerage/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { exchangeQuotes, journalEntries, settings } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { fxRatesOf } from "./rates.js";
import { fund, userIdOf, walletOf } from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
});
afterAll(() => t.close());

interface Quote {
  quoteId: string;
  from: string;
  to: string;
  amount: string;
  rate: string;
  midRate: string;
  spread: string;
  fee: string;
  feeRate: string;
  receive: string;
  expiresAt: string;
}

const fundCall = (session: Session, action: string, body: unknown) =>
  call(t.app, `fund/${action}`, body, session.headers);

let keys = 0;
const newKey = () => `exchange-key-${++keys}-${randomUUID().slice(0, 8)}`;

async function fundedUser(currency = "USD", amount = "1000.00") {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t, session);
  if (money(amount).greaterThan(0)) await fund(t, userId, currency, amount);
  return { session, userId };
}

async function quote(session: Session, body: { from: string; to: string; amount: string }): Promise<Quote> {
  const answer = await fundCall(session, "exchangeQuote", body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as Quote;
}

const fill = (session: Session, quoteId: string, idempotencyKey = newKey()) =>
  fundCall(session, "exchange", { quoteId, idempotencyKey });

/** Stores a configuration value as the back office's config/set does: JSON in the settings table. */
async function setSetting(key: string, value: unknown) {
  await t.database.db.execute(sql`
    insert into settings (key, value, updated_at) values (${key}, ${JSON.stringify(value)}::jsonb, now())
    on conflict (key) do update set value = excluded.value`);
}

describe("fund/exchangeQuote", () => {
  it("quotes the mid rate less the disclosed spread, the fee, the amount received, for 30 s, and keeps it", async () => {
    const { session } = await fundedUser();
    const q = await quote(session, { from: "USD", to: "INR", amount: "100" });
    const mid = fxRatesOf(t.app.market).mid("USD", "INR", t.clock.now());
    expect(mid).toBeDefined();
    const rate = quotedRate(mid ?? "0", "0.005");
    expect(q).toMatchObject({
      from: "USD",
      to: "INR",
      amount: "100.00",
      midRate: mid,
      rate,
      spread: SETTING_DEFAULTS["exchange.spread"],
      feeRate: SETTING_DEFAULTS["exchange.feeRate"],
      fee: "0.10",
      receive: money("99.90").times(rate).toDecimalPlaces(2, 1).toFixed(2),
      expiresAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
    expect(Number(q.rate)).toBeGreaterThan(80);
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, q.quoteId));
    expect(row).toMatchObject({ fromCurrency: "USD", toCurrency: "INR", usedAt: null, entryId: null });
    expect(money(row?.receive ?? "0").equals(q.receive)).toBe(true);
    expect(money(row?.rate ?? "0").equals(q.rate)).toBe(true);
  });

  it("prices every pair of the wallet currencies, receiving whole units of JPY, KRW and VND", async () => {
    const { session } = await fundedUser();
    const currencies = ["CNY", "TWD", "HKD", "USD", "THB", "JPY", "VND", "MYR", "KRW", "INR", "CAD", "CHF"];
    for (const to of currencies.filter((c) => c !== "USD")) {
      const q = await quote(session, { from: "USD", to, amount: "50" });
      if (["JPY", "KRW", "VND"].includes(to)) expect(q.receive).toMatch(/^\d+$/);
      else expect(q.receive).toMatch(/^\d+\.\d{2}$/);
    }
    const q = await quote(session, { from: "KRW", to: "VND", amount: "100000" });
    expect(q).toMatchObject({ fee: "100", amount: "100000" });
  });

  it("follows the configured spread, fee rate and quote lifetime", async () => {
    const { session } = await fundedUser();
    await setSetting("exchange.spread", "0.01");
    await setSetting("exchange.feeRate", "0");
    await setSetting("exchange.quoteSeconds", 60);
    try {
      const q = await quote(session, { from: "USD", to: "THB", amount: "10" });
      expect(q).toMatchObject({ spread: "0.01", fee: "0.00", feeRate: "0" });
      expect(q.rate).toBe(quotedRate(q.midRate, "0.01"));
      expect(Date.parse(q.expiresAt) - t.clock.now().getTime()).toBe(60_000);
    } finally {
      await t.database.db.delete(settings);
    }
  });

  it("refuses bad requests with their own codes, and stores nothing", async () => {
    const { session, userId } = await fundedUser();
    const cases: [unknown, string, Record<string, string>?][] = [
      [{ from: "USD", to: "USD", amount: "10" }, "SAME_CURRENCY", { field: "to" }],
      [{ from: "EUR", to: "USD", amount: "10" }, "CURRENCY_UNSUPPORTED", { field: "from" }],
      [{ from: "USD", to: "usdt", amount: "10" }, "CURRENCY_UNSUPPORTED", { field: "to" }],
      [{ from: "USD", to: "INR" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "0" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "0.00" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "-5" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: 10 }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "1e3" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "USD", to: "INR", amount: "10.001" }, "INVALID_INPUT", { field: "amount" }],
      [{ from: "JPY", to: "USD", amount: "100.5" }, "INVALID_INPUT", { field: "amount" }],
      [{ to: "INR", amount: "10" }, "INVALID_INPUT", { field: "from" }],
      [[], "INVALID_INPUT"],
      // Too small to receive one unit: the smallest amount that does is named.
      [
        { from: "KRW", to: "USD", amount: "1" },
        "BELOW_MIN_AMOUNT",
        { field: "amount", min: expect.any(String) },
      ],
      [{ from: "USD", to: "JPY", amount: "0.01" }, "BELOW_MIN_AMOUNT", { field: "amount", min: "0.02" }],
    ];
    for (const [body, code, params] of cases) {
      const answer = await fundCall(session, "exchangeQuote", body);
      expect(answer, JSON.stringify(body)).toMatchObject({ httpStatus: 200, status: 0, code });
      if (params) expect(answer.params, JSON.stringify(body)).toEqual(params);
    }
    const rows = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, userId));
    expect(rows).toEqual([]);
  });

  it("names a minimum that is itself quoted", async () => {
    const { session } = await fundedUser();
    const refused = await fundCall(session, "exchangeQuote", { from: "KRW", to: "USD", amount: "1" });
    const min = refused.params?.min ?? "";
    const q = await quote(session, { from: "KRW", to: "USD", amount: min });
    expect(q.receive).toBe("0.01");
  });

  it("needs a session", async () => {
    const answer = await call(t.app, "fund/exchangeQuote", { from: "USD", to: "INR", amount: "10" });
    expect(answer).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
    const fillAnswer = await call(t.app, "fund/exchange", {
      quoteId: randomUUID(),
      idempotencyKey: newKey(),
    });
    expect(fillAnswer).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
  });
});

describe("fund/exchange", () => {
  it("books USD → INR as US-to-India at the quoted rate and answers both wallets", async () => {
    const { session, userId } = await fundedUser("USD", "100.00");
    const q = await quote(session, { from: "USD", to: "INR", amount: "40" });
    const answer = await fill(session, q.quoteId);
    expect(answer).toMatchObject({
      status: 1,
      data: {
        quoteId: q.quoteId,
        type: "usToIndia",
        amount: "40.00",
        receive: q.receive,
        wallets: [
          { currency: "USD", available: "60.00" },
          { currency: "INR", available: q.receive },
        ],
        exchangedAt: t.clock.now().toISOString(),
      },
    });
    expect(money((await walletOf(t, userId, "USD")).available).equals("60")).toBe(true);
    expect(money((await walletOf(t, userId, "INR")).available).equals(q.receive)).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${q.quoteId}`));
    expect(entry).toMatchObject({ type: "usToIndia", userId, causedBy: "user" });
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, q.quoteId));
    expect(row).toMatchObject({ usedAt: t.clock.now(), entryId: entry?.id });

    // And back: India-to-US; any other pair is a plain exchange.
    const back = await quote(session, { from: "INR", to: "USD", amount: "1000" });
    expect(await fill(session, back.quoteId)).toMatchObject({ status: 1, data: { type: "indiaToUs" } });
    const thb = await quote(session, { from: "USD", to: "THB", amount: "5" });
    expect(await fill(session, thb.quoteId)).toMatchObject({ status: 1, data: { type: "exchange" } });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("answers NOT_FOUND for another user's quote and for one that does not exist, and moves nothing", async () => {
    const owner = await fundedUser();
    const other = await fundedUser();
    const q = await quote(owner.session, { from: "USD", to: "INR", amount: "10" });
    expect(await fill(other.session, q.quoteId)).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await fill(other.session, randomUUID())).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect((await walletOf(t, other.userId, "USD")).available).toBe("1000");
    // The owner can still fill it.
    expect(await fill(owner.session, q.quoteId)).toMatchObject({ status: 1 });
  });

  it("ignores fields a client sends that do not belong: its own rate, amount received, user or balance", async () => {
    const { session, userId } = await fundedUser("USD", "50.00");
    const other = await fundedUser();
    const answer = await fundCall(session, "exchangeQuote", {
      from: "USD",
      to: "INR",
      amount: "10",
      rate: "1000",
      receive: "999999",
      fee: "0",
      userId: other.userId,
    });
    expect(answer).toMatchObject({ status: 1 });
    const q = answer.data as Quote;
    expect(Number(q.rate)).toBeLessThan(100);
    expect(q.fee).toBe("0.01");
    const filled = await fundCall(session, "exchange", {
      quoteId: q.quoteId,
      idempotencyKey: newKey(),
      amount: "0.01",
      receive: "999999",
      available: "1000000",
    });
    expect(filled).toMatchObject({ status: 1, data: { amount: "10.00", receive: q.receive } });
    expect((await walletOf(t, userId, "USD")).available).toBe("40");
    expect((await walletOf(t, other.userId, "USD")).available).toBe("1000");
  });

  it("refuses a malformed request", async () => {
    const { session } = await fundedUser();
    const cases: [unknown, string][] = [
      [{ quoteId: "not-a-uuid", idempotencyKey: newKey() }, "quoteId"],
      [{ quoteId: randomUUID() }, "idempotencyKey"],
      [{ quoteId: randomUUID(), idempotencyKey: "short" }, "idempotencyKey"],
      [{ quoteId: randomUUID(), idempotencyKey: "has space in it" }, "idempotencyKey"],
    ];
    for (const [body, field] of cases)
      expect(await fundCall(session, "exchange", body)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field },
      });
  });

  it("refuses an expired quote, never filling it at its old rate", async () => {
    const { session, userId } = await fundedUser();
    const q = await quote(session, { from: "USD", to: "INR", amount: "10" });
    t.clock.advance(29_999);
    const early = await quote(session, { from: "USD", to: "THB", amount: "10" });
    t.clock.advance(1);
    expect(await fill(session, q.quoteId)).toMatchObject({ status: 0, code: "QUOTE_EXPIRED" });
    expect((await walletOf(t, userId, "USD")).available).toBe("1000");
    expect(await fill(session, early.quoteId)).toMatchObject({ status: 1 });
    t.clock.advance(HOUR);
    expect(await fill(session, q.quoteId)).toMatchObject({ status: 0, code: "QUOTE_EXPIRED" });
  });

  it("fills a quote once: another key for a used quote answers ORDER_STATE_INVALID", async () => {
    const { session, userId } = await fundedUser();
    const q = await quote(session, { from: "USD", to: "INR", amount: "10" });
    expect(await fill(session, q.quoteId)).toMatchObject({ status: 1 });
    expect(await fill(session, q.quoteId)).toMatchObject({ status: 0, code: "ORDER_STATE_INVALID" });
    expect((await walletOf(t, userId, "USD")).available).toBe("990");
  });

  it("refuses more than the wallet holds with the available amount; the quote stays fillable", async () => {
    const { session, userId } = await fundedUser("USD", "5.50");
    const q = await quote(session, { from: "USD", to: "INR", amount: "10" });
    const key = newKey();
    expect(await fill(session, q.quoteId, key)).toMatchObject({
      status: 0,
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "5.50" },
    });
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, q.quoteId));
    expect(row).toMatchObject({ usedAt: null, entryId: null });
    expect((await walletOf(t, userId, "INR")).available).toBe("0");
    await fund(t, userId, "USD", "4.50");
    expect(await fill(session, q.quoteId, key)).toMatchObject({
      status: 1,
      data: { wallets: [{ available: "0.00" }, {}] },
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("answers a retried key with the first answer, and refuses the key for another quote", async () => {
    const { session } = await fundedUser();
    const q = await quote(session, { from: "USD", to: "INR", amount: "10" });
    const other = await quote(session, { from: "USD", to: "INR", amount: "20" });
    const key = newKey();
    const first = await fill(session, q.quoteId, key);
    expect(first).toMatchObject({ status: 1 });
    t.clock.advance(HOUR); // the quote has expired since, yet the retry answers what was done
    expect(await fill(session, q.quoteId, key)).toEqual(first);
    expect(await fill(session, other.quoteId, key)).toMatchObject({
      status: 0,
      code: "IDEMPOTENCY_CONFLICT",
    });
  });
});

describe("fund/exchange under concurrency", () => {
  it("200 concurrent exchanges of 10 USD against 1,000 USD: exactly 100 done, the rest refused", async () => {
    const { session, userId } = await fundedUser("USD", "1000.00");
    const quotes = await Promise.all(
      Array.from({ length: 200 }, () => quote(session, { from: "USD", to: "INR", amount: "10" })),
    );
    const answers = await Promise.all(quotes.map((q) => fill(session, q.quoteId)));
    expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
    const done = answers.filter((a) => a.status === 1);
    const refused = answers.filter((a) => a.status === 0);
    expect(done).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const a of refused) expect(a).toMatchObject({ code: "INSUFFICIENT_AVAILABLE" });
    const usd = await walletOf(t, userId, "USD");
    expect(money(usd.available).isZero()).toBe(true);
    const received = done.reduce((sum, a) => sum.plus((a.data as { receive: string }).receive), money(0));
    expect(money((await walletOf(t, userId, "INR")).available).equals(received)).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("50 concurrent requests with one key: one exchange, 50 identical answers", async () => {
    const { session, userId } = await fundedUser("USD", "100.00");
    const q = await quote(session, { from: "USD", to: "THB", amount: "10" });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fill(session, q.quoteId, key)));
    expect(answers[0]).toMatchObject({ httpStatus: 200, status: 1 });
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect((await walletOf(t, userId, "USD")).available).toBe("90");
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${q.quoteId}`));
    expect(entries).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
