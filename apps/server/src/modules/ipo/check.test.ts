import type { OfferingCheckResponse } from "@brokerage/api";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { setSetting } from "../settings/index.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  type StaffLogin,
  type StaffMember,
} from "../staff/testing.js";
import { PriceBoard, setUpTradingApp } from "../trading/testing.js";
import { createOffering, login, SYMBOL } from "./testing.js";

/** `ipos/check`: a draft's warnings (another offering of the symbol, a discount above the setting), over HTTP. */
const board = new PriceBoard();
let t: TestApp;
let operatorMember: StaffMember;
let operator: StaffLogin;
let reviewer: StaffLogin;
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set("RELIANCE", "1000.00");
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(t, operatorMember);
  reviewer = await login(t, await createStaff(t.database.db, "reviewer"));
});

const check = (body: unknown, staff = operator) => adminCall(t.app, "ipos/check", body, staff.headers);
const checked = async (body: Record<string, unknown>) => {
  const answer = await check(body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as OfferingCheckResponse;
};

describe("ipos/check", () => {
  it("warns of nothing at a discount within the setting, with the reference price", async () => {
    expect(await checked({ symbol: "reliance", price: "950.00" })).toEqual({
      symbol: "RELIANCE",
      currency: "INR",
      referencePrice: "1000.00",
      discount: "0.0500",
      warnings: [],
    });
  });

  it("warns of a discount above offering.discountWarnAbove, and follows the setting", async () => {
    expect((await checked({ symbol: "RELIANCE", price: "940.00" })).warnings).toEqual([
      { kind: "discount", discount: "0.0600", limit: "0.05" },
    ]);
    await setSetting(t.database.db, "offering.discountWarnAbove", "0.1", operatorMember.id, t.clock.now());
    try {
      expect((await checked({ symbol: "RELIANCE", price: "940.00" })).warnings).toEqual([]);
    } finally {
      await setSetting(t.database.db, "offering.discountWarnAbove", "0.05", operatorMember.id, t.clock.now());
    }
  });

  it("warns of a second offering of the symbol, not of the one being edited", async () => {
    const existing = await createOffering(t, operator);
    const second = await checked({ symbol: SYMBOL, price: "330.00" });
    // A share still in subscription has no market price: no discount is judged.
    expect(second).toMatchObject({ referencePrice: null, discount: null });
    expect(second.warnings).toEqual([
      {
        kind: "secondOffering",
        others: [
          {
            id: existing.id,
            seq: expect.any(Number) as number,
            state: "active",
            price: "330.0000000000",
            opensAt: existing.opensAt,
            closesAt: existing.closesAt,
          },
        ],
      },
    ]);
    expect((await checked({ symbol: SYMBOL, price: "330.00", id: existing.id })).warnings).toEqual([]);
  });

  it("records each check in the audit log, concurrent ones each", async () => {
    const { row } = await expectOneAuditRow(t.database.db, () =>
      check({ symbol: "RELIANCE", price: "900.00" }),
    );
    expect(row).toMatchObject({
      action: "ipo.check",
      actor: operator.account,
      target: "instrument:RELIANCE",
      details: { symbol: "RELIANCE", price: "900.00", referencePrice: "1000.00", warnings: ["discount"] },
    });
    const before = await auditCount(t.database.db);
    const answers = await Promise.all([1, 2].map(() => check({ symbol: "RELIANCE", price: "900.00" })));
    expect(answers.map((a) => a.status)).toEqual([1, 1]);
    expect(await auditCount(t.database.db)).toBe(before + 2);
  });

  it("refuses a malformed draft or an unknown symbol, recording nothing", async () => {
    const before = await auditCount(t.database.db);
    for (const body of [
      {},
      { symbol: "RELIANCE", price: "abc" },
      { symbol: "RELIANCE", price: "-1" },
      { symbol: "RELIANCE", price: "1", id: "x" },
    ])
      expect(await check(body)).toMatchObject({
        status: 0,
        code: expect.stringMatching(/INVALID_INPUT|PRICE_NOT_POSITIVE/) as string,
      });
    expect(await check({ symbol: "NOSUCH", price: "1" })).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("refuses a role without ipos.manage (and records the refusal)", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      check({ symbol: "RELIANCE", price: "900.00" }, reviewer),
    );
    expect(result).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    expect(row).toMatchObject({ action: "staff.forbidden", target: "route:/api/admin/ipos/check" });
  });
});
