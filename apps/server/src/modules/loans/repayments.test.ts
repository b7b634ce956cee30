import type { Loan } from "@brokerage/api";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { MINUTE } from "../../lib/clock.js";
import { createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { PriceBoard, setUpTradingApp, walletOf } from "../trading/testing.js";
import { setUser } from "../withdrawals/testing.js";
import {
  applyOk,
  borrower,
  decide,
  entriesOf,
  granted,
  loanCall,
  loanRows,
  newKey,
  repay,
  repayOk,
  statusOf,
} from "./testing.js";

/** `loan/repay` over HTTP: part or all of what is owed, never more, from the available balance. */
let t: TestApp;
let reviewer: StaffLogin;
// One app on a fresh database; after each test the ledger must check clean and the clock goes back.
setUpTradingApp(new PriceBoard(), (app) => (t = app));
beforeAll(async () => {
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.93.0.1");
});

/** A borrower with `usd` of their own (null: nothing) and a granted loan of 1000 USD (1015.00 owed). */
async function owing(usd: string | null = "100.00") {
  const who = await borrower(t, usd ?? undefined);
  const loan = await granted(t, reviewer, who, { amount: "1000" });
  return { who, loan };
}

describe("loan/repay", () => {
  it("takes part, then the rest; the loan is finished when nothing is owed", async () => {
    const { who, loan } = await owing();
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1100" });

    const part = await repayOk(t, who, loan.id, "15");
    expect(part).toMatchObject({ state: "borrowing", repaid: "15.00", owed: "1000.00", finishedAt: null });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1085" });
    expect(await statusOf(t, who)).toMatchObject({ owed: "1000.00", refusal: "UNPAID_LOAN" });

    t.clock.advance(MINUTE);
    const rest = await repayOk(t, who, loan.id, "1000.00");
    expect(rest).toMatchObject({
      state: "finished",
      repaid: "1015.00",
      owed: "0.00",
      finishedAt: t.clock.now().toISOString(),
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "85" });
    expect(await entriesOf(t, loan.id)).toEqual(["creditLoan", "creditRepayment", "creditRepayment"]);
    expect(await statusOf(t, who)).toMatchObject({ current: rest, owed: "0.00", refusal: null });
    // Nothing is owed any more: a further repayment is refused, and a new loan may be asked for.
    expect(await repay(t, who, loan.id, "1")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    await applyOk(t, who, { amount: "200" });
  });

  it("refuses more than is owed, saying how much is, and writes nothing", async () => {
    const { who, loan } = await owing("2000.00");
    expect(await repay(t, who, loan.id, "1015.01")).toMatchObject({
      status: 0,
      code: "REPAYMENT_EXCEEDS_LOAN",
      params: { field: "amount", max: "1015.00" },
    });
    await repayOk(t, who, loan.id, "1000");
    expect(await repay(t, who, loan.id, "15.01")).toMatchObject({
      code: "REPAYMENT_EXCEEDS_LOAN",
      params: { max: "15.00" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "2000" });
    expect(await entriesOf(t, loan.id)).toEqual(["creditLoan", "creditRepayment"]);
    const [row] = await loanRows(t, who.userId);
    expect(row).toMatchObject({ state: "borrowing" });
    expect(Number(row?.repaid)).toBe(1000);
  });

  it("refuses a repayment beyond the available balance, naming it", async () => {
    const { who, loan } = await owing(null);
    expect(await repay(t, who, loan.id, "1015")).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "1000.00" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000" });
    expect(await entriesOf(t, loan.id)).toEqual(["creditLoan"]);
  });

  it("answers NOT_FOUND for another user's loan or an unknown one, and leaves both alone", async () => {
    const { who, loan } = await owing();
    const other = await borrower(t, "5000.00");
    for (const loanId of [loan.id, crypto.randomUUID()])
      expect(await repay(t, other, loanId, "10")).toMatchObject({
        code: "NOT_FOUND",
        params: { field: "loanId" },
      });
    expect(await walletOf(t, other.userId, "USD")).toMatchObject({ available: "5000" });
    expect(await statusOf(t, who)).toMatchObject({ owed: "1015.00" });
  });

  it("refuses a loan not granted: under review or refused", async () => {
    const who = await borrower(t, "500.00");
    const pending = await applyOk(t, who, { amount: "300" });
    expect(await repay(t, who, pending.id, "10")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    await decide(t, reviewer, pending.id, "reject", "No");
    expect(await repay(t, who, pending.id, "10")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "500" });
  });

  it("refuses a frozen account", async () => {
    const { who, loan } = await owing();
    await setUser(t, who.userId, { frozen: true });
    expect(await repay(t, who, loan.id, "10")).toMatchObject({ code: "ACCOUNT_FROZEN" });
    await setUser(t, who.userId, { frozen: false });
    await repayOk(t, who, loan.id, "10");
  });

  it("is idempotent: a retry answers the first repayment and takes nothing twice", async () => {
    const { who, loan } = await owing();
    const key = newKey();
    const first = await repay(t, who, loan.id, "100", key);
    expect(first).toMatchObject({ status: 1, data: { repaid: "100.00" } });
    expect(await repay(t, who, loan.id, "100.00", key)).toEqual(first);
    expect(await repay(t, who, loan.id, "200", key)).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000" });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a loan id that is not a uuid", { loanId: "nope" }, "loanId"],
    ["no loan id", { loanId: undefined }, "loanId"],
    ["an amount as a number", { amount: 10 }, "amount"],
    ["a zero amount", { amount: "0" }, "amount"],
    ["a negative amount", { amount: "-10" }, "amount"],
    ["no idempotency key", { idempotencyKey: undefined }, "idempotencyKey"],
  ])("answers INVALID_INPUT for %s, never a 500", async (_name, overrides, field) => {
    const { who, loan } = await owing();
    const body = { loanId: loan.id, amount: "10", idempotencyKey: newKey(), ...overrides };
    expect(await loanCall(t, who, "repay", body)).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "INVALID_INPUT",
      params: { field },
    });
  });

  it("answers INVALID_INPUT for more decimals than the loan's currency has", async () => {
    const { who, loan } = await owing();
    expect(await repay(t, who, loan.id, "10.001")).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "amount" },
    });
  });
});

describe("loan/repay: concurrency", () => {
  it("simultaneous repayments that together exceed the debt never repay more than is owed", async () => {
    const { who, loan } = await owing("5000.00");
    const answers = await Promise.all(Array.from({ length: 4 }, () => repay(t, who, loan.id, "400")));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(2);
    expect(answers.filter((a) => a.code === "REPAYMENT_EXCEEDS_LOAN")).toHaveLength(2);
    expect(await statusOf(t, who)).toMatchObject({ owed: "215.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "5200" });
  });

  it("simultaneous repayments of the whole debt finish it once", async () => {
    const { who, loan } = await owing("5000.00");
    const answers = await Promise.all(Array.from({ length: 3 }, () => repay(t, who, loan.id, "1015")));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "ORDER_STATE_INVALID")).toHaveLength(2);
    const finished = answers.find((a) => a.status === 1)?.data as Loan;
    expect(finished).toMatchObject({ state: "finished", owed: "0.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "4985" });
  });

  it("three retries of one key at once repay once", async () => {
    const { who, loan } = await owing();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 3 }, () => repay(t, who, loan.id, "50", key)));
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(await statusOf(t, who)).toMatchObject({ owed: "965.00" });
  });
});
