import type { OfferingCheckResponse } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";
import { PriceBoard } from "../trading/testing.js";
import { createOffer } from "./testing.js";

/** `blockTrades/check`: a draft's warnings (another open offer of the symbol, a discount above the setting). */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
let support: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({ market: { provider: board.feed } });
  board.set("RELIANCE", "1000.00");
  board.set("TCS", "4000.00");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.96.0.1");
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), "10.96.0.2");
});
afterAll(() => t.close());

const check = (body: unknown, staff = operator) => adminCall(t.app, "blockTrades/check", body, staff.headers);
const checked = async (body: Record<string, unknown>) => {
  const answer = await check(body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as OfferingCheckResponse;
};

describe("blockTrades/check", () => {
  it("warns of nothing within the setting, and of a discount above it", async () => {
    expect(await checked({ symbol: "tcs", price: "3900.00" })).toEqual({
      symbol: "TCS",
      currency: "INR",
      referencePrice: "4000.00",
      discount: "0.0250",
      warnings: [],
    });
    expect((await checked({ symbol: "TCS", price: "3700.00" })).warnings).toEqual([
      { kind: "discount", discount: "0.0750", limit: "0.05" },
    ]);
  });

  it("warns of another open offer of the symbol, not of the one edited nor of one closed", async () => {
    const open = await createOffer(t, operator, { price: "980.00" });
    const draft = await checked({ symbol: "RELIANCE", price: "990.00" });
    expect(draft.warnings).toEqual([
      {
        kind: "secondOffering",
        others: [expect.objectContaining({ id: open.id, state: "active", closesAt: open.closesAt })],
      },
    ]);
    expect((await checked({ symbol: "RELIANCE", price: "990.00", id: open.id })).warnings).toEqual([]);
    // An offer whose window has closed is over: no warning.
    const soon = new Date(t.clock.now().getTime() + HOUR / 6).toISOString();
    await createOffer(t, operator, { symbol: "TCS", price: "3950.00", closesAt: soon });
    expect((await checked({ symbol: "TCS", price: "3990.00" })).warnings.map((w) => w.kind)).toEqual([
      "secondOffering",
    ]);
    t.clock.advance(HOUR / 3);
    expect((await checked({ symbol: "TCS", price: "3990.00" })).warnings).toEqual([]);
  });

  it("records each check in the audit log", async () => {
    const { row } = await expectOneAuditRow(t.database.db, () => check({ symbol: "TCS", price: "3990.00" }));
    expect(row).toMatchObject({
      action: "blockTrade.check",
      actor: operator.account,
      target: "instrument:TCS",
      details: { symbol: "TCS", price: "3990.00", referencePrice: "4000.00", warnings: [] },
    });
  });

  it("refuses a malformed draft or an unknown symbol, recording nothing", async () => {
    const before = await auditCount(t.database.db);
    for (const body of [{}, { symbol: "TCS" }, { symbol: "TCS", price: "1,000" }, { symbol: "", price: "1" }])
      expect(await check(body)).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    expect(await check({ symbol: "NOSUCH", price: "1" })).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("refuses a role without blockTrades.manage", async () => {
    expect(await check({ symbol: "TCS", price: "3990.00" }, support)).toMatchObject({
      httpStatus: 403,
      code: "FORBIDDEN",
    });
  });
});
