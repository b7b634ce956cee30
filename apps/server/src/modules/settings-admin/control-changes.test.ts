import { SETTING_DEFAULTS, type ConfigItem, type ReviewItem } from "@brokerage/api";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { auditLog, reviews, settingChanges, settings } from "../../db/schema/index.js";
import { userIdOf } from "../kyc/testing.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { getSetting } from "../settings/index.js";

/**
 * Control settings (CONTROL_SETTINGS) through HTTP: an operator may not change them, an administrator's
 * change waits for a second administrator in the review queue (kind settingChange) and applies only on
 * approval, in the decision's transaction; every step audited.
 */

let t: TestApp;
let first: StaffLogin;
let second: StaffLogin;
let third: StaffLogin;
let operator: StaffLogin;
let reviewer: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp();
  const login = async (role: "administrator" | "operator" | "reviewer", n: number) =>
    staffLogin(t.app, await createStaff(t.database.db, role), `10.95.${n}.1`);
  [first, second, third, operator, reviewer] = [
    await login("administrator", 1),
    await login("administrator", 2),
    await login("administrator", 3),
    await login("operator", 4),
    await login("reviewer", 5),
  ];
});
afterAll(() => t.close());

const config = (who: StaffLogin, path: string, body: Record<string, unknown>) =>
  adminCall(t.app, `config/${path}`, body, who.headers);
const decide = (who: StaffLogin, id: string, decision: "approve" | "reject", reason = "") =>
  adminCall(t.app, "reviews/decide", { kind: "settingChange", id, decision, reason }, who.headers);
const itemOf = async (key: string) => {
  const answer = await config(first, "list", {});
  return (answer.data as { items: ConfigItem[] }).items.find((i) => i.key === key) as ConfigItem;
};
const auditRows = (action: string, target: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

/** Asks for a change and answers its review's id, checking the key is answered unchanged. */
async function ask(who: StaffLogin, key: string, value: unknown, reason = "Tighter controls") {
  const before = await itemOf(key);
  const answer = await config(who, "set", { key, value, reason });
  expect(answer, JSON.stringify(answer)).toMatchObject({
    status: 1,
    data: {
      key,
      value: before.value,
      pendingChange: { before: before.value, value, reset: false, reason, requestedBy: who.account },
    },
  });
  return (answer.data as ConfigItem).pendingChange?.reviewId as string;
}

describe("who may change a control setting", () => {
  it("refuses an operator with FORBIDDEN, storing nothing, and audits the attempt", async () => {
    const value = { USD: "1000000", THB: "30000", INR: "80000" };
    const answer = await config(operator, "set", {
      key: "adjustment.fourEyesAbove",
      value,
      reason: "Faster",
    });
    expect(answer).toMatchObject({ httpStatus: 403, status: 0, code: "FORBIDDEN" });
    expect(await getSetting(t.database.db, "adjustment.fourEyesAbove")).toEqual(
      SETTING_DEFAULTS["adjustment.fourEyesAbove"],
    );
    expect(await t.database.db.select().from(settingChanges)).toEqual([]);
    const [refused] = await auditRows("config.changeRefused", "config:adjustment.fourEyesAbove");
    expect(refused).toMatchObject({ actor: operator.account, reason: "Faster", details: { asked: value } });
    // Raising a market's leverage cap is a control setting's change; its fees are not.
    const us = SETTING_DEFAULTS["trading.US"];
    expect(
      await config(operator, "set", {
        key: "trading.US",
        value: { ...us, leverageCaps: { share: 50 } },
        reason: "x",
      }),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect(await config(operator, "reset", { key: "withdrawal.minCreditScore", reason: "x" })).toMatchObject({
      status: 1,
    }); // nothing stored: a reset changes nothing
    expect(
      await config(operator, "set", { key: "trading.US", value: { ...us, minFee: "2" }, reason: "Fees" }),
    ).toMatchObject({ status: 1, data: { value: { minFee: "2" }, pendingChange: null } });
    // Lowering a cap lowers the risk allowed: an operator may do it alone (DESIGN §5a).
    expect(
      await config(operator, "set", {
        key: "trading.US",
        value: { ...us, leverageCaps: { share: 2 } },
        reason: "Safer",
      }),
    ).toMatchObject({ status: 1, data: { value: { leverageCaps: { share: 2 } }, pendingChange: null } });
  });
});

describe("an administrator's change waits for a second administrator", () => {
  it("applies only on another administrator's approval, in the decision, audited", async () => {
    const key = "adjustment.fourEyesAbove";
    const value = { USD: "5000", THB: "30000", INR: "80000" };
    const reviewId = await ask(first, key, value);
    const [requested] = await auditRows("config.changeRequested", `config:${key}`);
    expect(requested).toMatchObject({
      actor: first.account,
      details: { before: SETTING_DEFAULTS[key], after: value, reviewId },
    });
    // Not applied: an adjustment of 2000 still waits for a second administrator.
    expect(await getSetting(t.database.db, key)).toEqual(SETTING_DEFAULTS[key]);
    const user = await userIdOf(t.database.db, await registerUser(t.app));
    const adjust = (amount: string, idempotencyKey: string) =>
      adminCall(
        t.app,
        "users/adjust",
        { userId: user, currency: "USD", amount, reason: "Goodwill", idempotencyKey },
        third.headers,
      );
    expect(await adjust("2000", "ctl-adjust-1")).toMatchObject({ data: { state: "pending" } });

    // The queue shows it, with no user: key, old and new value, requester, reason.
    const list = await adminCall(t.app, "reviews/list", { kind: "settingChange" }, reviewer.headers);
    const item = (list.data as { items: ReviewItem[] }).items.find((i) => i.id === reviewId);
    expect(item).toMatchObject({
      kind: "settingChange",
      state: "pending",
      userId: null,
      account: null,
      subject: {
        settingKey: key,
        settingReason: "Tighter controls",
        requestedBy: first.account,
      },
    });
    expect(JSON.parse(item?.subject.settingBefore ?? "null")).toEqual(SETTING_DEFAULTS[key]);
    expect(JSON.parse(item?.subject.settingAfter ?? "null")).toEqual(value);

    // The requester, a reviewer and an operator cannot decide it.
    expect(await decide(first, reviewId, "approve")).toMatchObject({ code: "SAME_APPROVER" });
    expect(await decide(reviewer, reviewId, "approve")).toMatchObject({ code: "FORBIDDEN" });
    expect(await decide(reviewer, reviewId, "reject", "No")).toMatchObject({ code: "FORBIDDEN" });
    expect(await decide(operator, reviewId, "approve")).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    expect(await getSetting(t.database.db, key)).toEqual(SETTING_DEFAULTS[key]);

    expect(await decide(second, reviewId, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await getSetting(t.database.db, key)).toEqual(value);
    expect(await itemOf(key)).toMatchObject({
      value,
      overridden: true,
      updatedBy: first.account,
      pendingChange: null,
    });
    const [applied] = await auditRows("config.set", `config:${key}`);
    expect(applied).toMatchObject({
      actor: second.account,
      details: { before: SETTING_DEFAULTS[key], after: value },
    });
    expect(await auditRows("review.approve", `review:${reviewId}`)).toHaveLength(1);
    // Deciding again changes nothing.
    expect(await decide(third, reviewId, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await decide(third, reviewId, "reject", "Late")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    // Now in use: 2000 is below the new threshold (third's earlier 2000 is still pending: 4000 in all).
    expect(await adjust("2000", "ctl-adjust-2")).toMatchObject({ data: { state: "approved" } });

    // Back to the default is a change of a control setting too.
    const reset = await config(second, "reset", { key, reason: "Back to the default" });
    expect(reset).toMatchObject({
      status: 1,
      data: { value, pendingChange: { reset: true, requestedBy: second.account } },
    });
    const resetId = (reset.data as ConfigItem).pendingChange?.reviewId as string;
    expect(await decide(first, resetId, "approve")).toMatchObject({ data: { state: "approved" } });
    expect(await itemOf(key)).toMatchObject({ value: SETTING_DEFAULTS[key], overridden: false });
    expect(await auditRows("config.reset", `config:${key}`)).toHaveLength(1);
  });

  it("keeps the old value when rejected, with the reason on the review", async () => {
    const reviewId = await ask(first, "withdrawal.minCreditScore", 90);
    expect(await decide(second, reviewId, "reject")).toMatchObject({ code: "REASON_REQUIRED" });
    expect(await decide(second, reviewId, "reject", "Too strict")).toMatchObject({
      status: 1,
      data: { state: "rejected", reason: "Too strict" },
    });
    expect(await getSetting(t.database.db, "withdrawal.minCreditScore")).toBe(60);
    expect(
      await t.database.db.select().from(settings).where(eq(settings.key, "withdrawal.minCreditScore")),
    ).toEqual([]);
    const [rejected] = await auditRows("review.reject", `review:${reviewId}`);
    expect(rejected).toMatchObject({ actor: second.account, reason: "Too strict" });
    expect(await decide(third, reviewId, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    // No longer pending: the key can be asked about again.
    expect(await itemOf("withdrawal.minCreditScore")).toMatchObject({ value: 60, pendingChange: null });
    await ask(second, "withdrawal.minCreditScore", 70);
  });

  it("refuses another change of the key while one is pending, also a concurrent one", async () => {
    const us = SETTING_DEFAULTS["trading.US"];
    const [a, b] = await Promise.all([
      config(first, "set", {
        key: "trading.US",
        value: { ...us, leverageCaps: { share: 10 } },
        reason: "Higher",
      }),
      config(third, "set", { key: "trading.US", value: { ...us, liquidationShare: "0.4" }, reason: "Safer" }),
    ]);
    const answers = [a, b].map((x) => x.code ?? "pending").sort();
    expect(answers).toEqual(["SETTING_CHANGE_PENDING", "pending"]);
    expect(
      await t.database.db.select().from(settingChanges).where(eq(settingChanges.key, "trading.US")),
    ).toHaveLength(1);
    // Even a fee change would be undone by the pending change's approval.
    expect(
      await config(operator, "set", { key: "trading.US", value: { ...us, feeRate: "0.001" }, reason: "x" }),
    ).toMatchObject({ code: "SETTING_CHANGE_PENDING" });
    expect(await config(second, "reset", { key: "trading.US", reason: "x" })).toMatchObject({
      code: "SETTING_CHANGE_PENDING",
    });
    const pending = (await itemOf("trading.US")).pendingChange;
    const approver = pending?.requestedBy === first.account ? second : first;
    expect(await decide(approver, pending?.reviewId as string, "approve")).toMatchObject({
      data: { state: "approved" },
    });
    expect(await itemOf("trading.US")).toMatchObject({ value: pending?.value, pendingChange: null });
  });

  it("answers malformed and unknown decisions without changing anything", async () => {
    expect(await decide(second, "not-a-uuid", "approve")).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "id" },
    });
    expect(await decide(second, crypto.randomUUID(), "approve")).toMatchObject({ code: "NOT_FOUND" });
    // A review of another kind is not found as a setting change.
    const [other] = await t.database.db.select().from(reviews).where(eq(reviews.kind, "adjustment"));
    expect(await decide(second, other?.id as string, "approve")).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await config(first, "set", { key: "withdrawal.limits", value: { USD: { min: "5" } }, reason: "x" }),
    ).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "value.USD.max" },
    });
  });
});
