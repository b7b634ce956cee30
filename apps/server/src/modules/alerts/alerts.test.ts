import type { Alert, AlertList } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { priceAlerts } from "../../db/schema/index.js";
import {
  PriceBoard,
  clearSetting,
  setSetting,
  setUpTradingApp,
  trader,
  type Trader,
} from "../trading/testing.js";

/** `alert/create`, `alert/list`, `alert/remove` through the HTTP layer, against the real database. */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const act = (who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `alert/${action}`, body, who.session.headers);

async function createOk(who: Trader, body: Record<string, unknown>): Promise<Alert> {
  const answer = await act(who, "create", body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ httpStatus: 200, status: 1 });
  return answer.data as Alert;
}

async function list(who: Trader): Promise<AlertList> {
  const answer = await act(who, "list");
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as AlertList;
}

const rowsOf = (userId: string) =>
  t.database.db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(asc(priceAlerts.createdAt));

const refusal = (code: string, params: Record<string, string> = {}) => ({
  httpStatus: 200,
  status: 0,
  code,
  params: expect.objectContaining(params) as unknown,
  data: null,
});

describe("alert/create", () => {
  it("sets an alert on the price now and lists it", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    const at = t.clock.now().toISOString();
    const above = await createOk(who, { symbol: "DOTUSD", condition: "above", value: "10.5" });
    expect(above).toEqual({
      id: expect.any(String),
      symbol: "DOTUSD",
      exchange: "CRYPTO",
      name: "Polkadot / US Dollar",
      names: expect.objectContaining({ en: "Polkadot", ko: "폴카닷" }),
      currency: "USD",
      condition: "above",
      value: "10.500",
      referencePrice: "10.000",
      firesAtOrAbove: "10.500",
      firesAtOrBelow: null,
      state: "active",
      createdAt: at,
      firedAt: null,
      firedPrice: null,
    });
    // A move of 2.5 % either way from 10.000: at 10.250 or more, 9.750 or less.
    const move = await createOk(who, {
      symbol: "DOTUSD",
      exchange: "CRYPTO",
      condition: "movePct",
      value: "2.5",
    });
    expect(move).toMatchObject({ value: "2.5", firesAtOrAbove: "10.250", firesAtOrBelow: "9.750" });
    // Rounded away from the reference to the price grid (0.001): 10.1280375 and 9.8779625 exactly.
    board.set("DOTUSD", "10.003");
    expect(await createOk(who, { symbol: "DOTUSD", condition: "movePct", value: "1.25" })).toMatchObject({
      referencePrice: "10.003",
      firesAtOrAbove: "10.129",
      firesAtOrBelow: "9.877",
    });
    board.set("DOTUSD", "10.000");
    const below = await createOk(who, { symbol: "DOTUSD", condition: "below", value: "9" });
    expect(below).toMatchObject({ value: "9.000", firesAtOrAbove: null, firesAtOrBelow: "9.000" });

    const listed = await list(who);
    expect(listed.maxActive).toBe(50);
    expect(listed.active).toBe(4);
    expect(listed.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([above.id, move.id, below.id]),
    );
  });

  it("answers the same active alert asked again, concurrently too, without a second row", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    const body = { symbol: "DOTUSD", condition: "below", value: "9.5" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => act(who, "create", body)));
    for (const answer of answers) expect(answer).toMatchObject({ status: 1 });
    expect(new Set(answers.map((answer) => (answer.data as Alert).id)).size).toBe(1);
    // "9.50" is the same price.
    expect((await createOk(who, { ...body, value: "9.50" })).id).toBe((answers[0]?.data as Alert).id);
    expect(await rowsOf(who.userId)).toHaveLength(1);
  });

  it("refuses values that break the rules, each with its code, and stores nothing", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    const bad: [Record<string, unknown>, string, Record<string, string>?][] = [
      [{ symbol: "NOPE", condition: "above", value: "1" }, "UNKNOWN_SYMBOL", { symbol: "NOPE" }],
      [{ symbol: "DOTUSD", exchange: "NSE", condition: "above", value: "11" }, "UNKNOWN_SYMBOL"],
      [{ symbol: "DOTUSD", condition: "above", value: "0" }, "ALERT_PRICE_NOT_POSITIVE"],
      [{ symbol: "DOTUSD", condition: "below", value: "-1" }, "ALERT_PRICE_NOT_POSITIVE"],
      [{ symbol: "DOTUSD", condition: "above", value: "10.0001" }, "ALERT_PRICE_DECIMALS", { decimals: "3" }],
      [{ symbol: "DOTUSD", condition: "above", value: "10" }, "ALERT_NOT_ABOVE_PRICE", { price: "10.000" }],
      [{ symbol: "DOTUSD", condition: "above", value: "9.9" }, "ALERT_NOT_ABOVE_PRICE"],
      [{ symbol: "DOTUSD", condition: "below", value: "10.000" }, "ALERT_NOT_BELOW_PRICE"],
      [{ symbol: "DOTUSD", condition: "below", value: "12" }, "ALERT_NOT_BELOW_PRICE"],
      [{ symbol: "DOTUSD", condition: "movePct", value: "0.09" }, "ALERT_MOVE_OUT_OF_RANGE"],
      [{ symbol: "DOTUSD", condition: "movePct", value: "50.01" }, "ALERT_MOVE_OUT_OF_RANGE"],
      [{ symbol: "DOTUSD", condition: "movePct", value: "1.005" }, "ALERT_MOVE_OUT_OF_RANGE"],
      [{ symbol: "DOTUSD", condition: "movePct", value: "-5" }, "ALERT_MOVE_OUT_OF_RANGE"],
    ];
    for (const [body, code, params] of bad)
      expect(await act(who, "create", body), JSON.stringify(body)).toMatchObject(refusal(code, params));
    expect(await act(who, "create", { symbol: "DOTUSD", condition: "movePct", value: "0" })).toMatchObject(
      refusal("ALERT_MOVE_OUT_OF_RANGE", { lowest: "0.1", highest: "50" }),
    );
    // Without a current price there is nothing to measure from.
    board.set("DOTUSD", { close: "10.000", stale: true });
    expect(await act(who, "create", { symbol: "DOTUSD", condition: "above", value: "11" })).toMatchObject(
      refusal("PRICE_UNAVAILABLE"),
    );
    expect(await rowsOf(who.userId)).toEqual([]);
  });

  it("answers a malformed body INVALID_INPUT with the field, never a 500, and stores nothing", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    const valid = { symbol: "DOTUSD", condition: "above", value: "11" };
    const cases: [unknown, string][] = [
      [{}, "symbol"],
      [{ ...valid, condition: "crosses" }, "condition"],
      [{ ...valid, condition: undefined }, "condition"],
      [{ ...valid, value: 11 }, "value"],
      [{ ...valid, value: "eleven" }, "value"],
      [{ ...valid, value: "1e3" }, "value"],
      [{ ...valid, value: "" }, "value"],
      [{ ...valid, value: "11.12345678901" }, "value"],
      [{ ...valid, symbol: "" }, "symbol"],
      [{ ...valid, symbol: "X".repeat(33) }, "symbol"],
      [{ ...valid, exchange: 5 }, "exchange"],
      [[valid], "body"],
      ["DOTUSD", "body"],
    ];
    for (const [body, field] of cases) {
      const answer = await act(who, "create", body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 0, code: "INVALID_INPUT" });
      expect(answer.httpStatus, JSON.stringify(body)).toBeLessThan(500);
      if (field !== "body") expect(answer.params?.field, JSON.stringify(body)).toBe(field);
    }
    // Not JSON at all.
    const raw = await t.app.inject({
      method: "POST",
      url: "/api/vue/alert/create",
      payload: "{not json",
      headers: { ...who.session.headers, "content-type": "application/json" },
    });
    expect(raw.statusCode).toBeLessThan(500);
    expect(raw.json()).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    for (const body of [{}, { id: "nope" }, { id: 5 }])
      expect(await act(who, "remove", body)).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    expect(await rowsOf(who.userId)).toEqual([]);
  });

  it("refuses one alert beyond the configured limit, however many creates arrive at once", async () => {
    board.set("DOTUSD", "10.000");
    await setSetting(t, "alerts.maxActive", 3);
    try {
      const who = await trader(t);
      await createOk(who, { symbol: "DOTUSD", condition: "above", value: "20" });
      // Six different alerts at once, two places left: exactly two are set.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          act(who, "create", { symbol: "DOTUSD", condition: "above", value: `1${i + 1}` }),
        ),
      );
      expect(answers.filter((a) => a.status === 1)).toHaveLength(2);
      const refused = answers.filter((a) => a.status === 0);
      expect(refused).toHaveLength(4);
      for (const answer of refused)
        expect(answer).toMatchObject(refusal("ALERT_LIMIT_REACHED", { limit: "3" }));
      expect(await rowsOf(who.userId)).toHaveLength(3);
      expect(await list(who)).toMatchObject({ active: 3, maxActive: 3 });

      // Removing one makes room for one; another user's count is their own.
      const [first] = (await list(who)).items;
      expect(await act(who, "remove", { id: first?.id })).toMatchObject({ status: 1, data: null });
      await createOk(who, { symbol: "DOTUSD", condition: "movePct", value: "5" });
      expect(await act(who, "create", { symbol: "DOTUSD", condition: "movePct", value: "6" })).toMatchObject(
        refusal("ALERT_LIMIT_REACHED"),
      );
      const other = await trader(t);
      await createOk(other, { symbol: "DOTUSD", condition: "movePct", value: "6" });
    } finally {
      await clearSetting(t, "alerts.maxActive");
    }
  });
});

describe("alert/remove", () => {
  it("removes the user's own alert; another user's id is not found, like an unknown one, and stays", async () => {
    board.set("DOTUSD", "10.000");
    const alice = await trader(t);
    const bob = await trader(t);
    const mine = await createOk(alice, { symbol: "DOTUSD", condition: "above", value: "11" });
    const notFound = refusal("NOT_FOUND");
    expect(await act(bob, "remove", { id: mine.id })).toMatchObject(notFound);
    expect(await act(bob, "remove", { id: "00000000-0000-4000-8000-000000000000" })).toMatchObject(notFound);
    expect((await list(bob)).items).toEqual([]);
    expect((await list(alice)).items.map((item) => item.id)).toEqual([mine.id]);

    // Two removes at once: one removes it, the other finds nothing.
    const answers = await Promise.all([
      act(alice, "remove", { id: mine.id }),
      act(alice, "remove", { id: mine.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(await rowsOf(alice.userId)).toEqual([]);
  });
});

describe("alert/* without a session", () => {
  it("answers 401", async () => {
    const unauthorized = { httpStatus: 401, status: 0, code: "UNAUTHORIZED" };
    expect(await call(t.app, "alert/list", {})).toMatchObject(unauthorized);
    expect(
      await call(t.app, "alert/create", { symbol: "DOTUSD", condition: "above", value: "11" }),
    ).toMatchObject(unauthorized);
    expect(await call(t.app, "alert/remove", { id: "00000000-0000-4000-8000-000000000000" })).toMatchObject(
      unauthorized,
    );
  });
});
