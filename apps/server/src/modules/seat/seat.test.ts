import type { SeatApplication, SeatStatus } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, type Answer, type TestApp } from "../../../test/helper.js";
import { auditLog, messages, reviews, seatApplications } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { trader, type Trader } from "../trading/testing.js";
import { setUser, verifyKyc } from "../withdrawals/testing.js";

/** `seat/status`, `seat/apply` and the review kind `seat`, over HTTP on the real database. */
let t: TestApp;
let reviewer: StaffLogin;
let second: StaffLogin;
let administrator: StaffLogin;

const GRANTS = [
  {
    en: "Orders routed through the operator's own exchange seat",
    zh: "委託經由營運商自有的交易所席位下單",
    cn: "委托经由运营商自有的交易所席位下单",
    ko: "운영사 자체 거래소 좌석을 통한 주문 처리",
    yd: "ऑपरेटर की अपनी एक्सचेंज सीट के माध्यम से ऑर्डर",
  },
];

beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.93.0.1");
  second = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.93.0.2");
  administrator = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.93.0.3");
});
afterAll(() => t.close());

const seat = (who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `seat/${action}`, body, who.session.headers);

async function statusOf(who: Trader): Promise<SeatStatus> {
  const answer = await seat(who, "status");
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as SeatStatus;
}

async function offer(grants = GRANTS, requireKyc = true) {
  const answer = await adminCall(
    t.app,
    "config/set",
    { key: "seat.terms", value: { grants, requireKyc }, reason: "Seat terms agreed" },
    administrator.headers,
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
}

/** A verified user with an application waiting. */
async function applied(): Promise<{ who: Trader; application: SeatApplication }> {
  const who = await trader(t);
  await verifyKyc(t, who.userId);
  const answer = await seat(who, "apply");
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return { who, application: answer.data as SeatApplication };
}

async function reviewOf(applicationId: string) {
  const [review] = await t.database.db.select().from(reviews).where(eq(reviews.subjectId, applicationId));
  if (!review) throw new Error(`no review of ${applicationId}`);
  return review;
}

async function decide(staff: StaffLogin, applicationId: string, decision: "approve" | "reject", reason = "") {
  const review = await reviewOf(applicationId);
  return adminCall(t.app, "reviews/decide", { kind: "seat", id: review.id, decision, reason }, staff.headers);
}

const inbox = (userId: string) =>
  t.database.db
    .select({ kind: messages.kind, params: messages.params })
    .from(messages)
    .where(eq(messages.userId, userId));

const rowsOf = (userId: string) =>
  t.database.db.select().from(seatApplications).where(eq(seatApplications.userId, userId));

describe("seat/apply and the review", () => {
  it("is not offered until the terms name what a seat grants", async () => {
    const who = await trader(t);
    await verifyKyc(t, who.userId);
    expect(await statusOf(who)).toEqual({
      state: "none",
      application: null,
      grants: [],
      requireKyc: true,
      canApply: false,
    });
    expect(await seat(who, "apply")).toMatchObject({ status: 0, code: "SEAT_NOT_OFFERED" });
    expect(await rowsOf(who.userId)).toEqual([]);
  });

  it("shows the grants before applying; approval makes a seat account, tells the user and is audited", async () => {
    await offer();
    const who = await trader(t);
    expect(await statusOf(who)).toEqual({
      state: "none",
      application: null,
      grants: GRANTS,
      requireKyc: true,
      canApply: true,
    });
    // Real-name verification first, as the terms ask.
    expect(await seat(who, "apply")).toMatchObject({ code: "KYC_REQUIRED" });
    await verifyKyc(t, who.userId);
    const answer = await seat(who, "apply");
    expect(answer).toMatchObject({ status: 1 });
    const application = answer.data as SeatApplication;
    expect(application).toEqual({
      id: expect.any(String),
      state: "review",
      reason: null,
      createdAt: t.clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await statusOf(who)).toMatchObject({ state: "review", application, canApply: false });
    // A second application while one waits.
    expect(await seat(who, "apply")).toMatchObject({ code: "SEAT_PENDING" });
    expect(await rowsOf(who.userId)).toHaveLength(1);

    const listed = await adminCall(
      t.app,
      "reviews/list",
      { kind: "seat", state: "pending" },
      reviewer.headers,
    );
    const items = (listed.data as { items: { subject: Record<string, string | null> }[] }).items;
    expect(items.map((i) => i.subject)).toContainEqual(
      expect.objectContaining({ applicationId: application.id, kycStatus: "verified", flags: "none" }),
    );

    expect(await decide(reviewer, application.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await statusOf(who)).toMatchObject({
      state: "approved",
      application: { id: application.id, state: "approved", decidedAt: t.clock.now().toISOString() },
      canApply: false,
    });
    expect(await inbox(who.userId)).toContainEqual({ kind: "seatApproved", params: {} });
    const review = await reviewOf(application.id);
    const audit = await t.database.db
      .select({ actor: auditLog.actor, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `review:${review.id}`));
    expect(audit).toEqual([{ actor: reviewer.account, action: "review.approve" }]);
    // Decided once; a seat is held once.
    expect(await decide(second, application.id, "reject", "Late")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await seat(who, "apply")).toMatchObject({ code: "SEAT_ALREADY_HELD" });
  });

  it("a refusal keeps the reviewer's reason, tells the user, and a new application may follow", async () => {
    await offer();
    const { who, application } = await applied();
    const reason = "Trading history too short for a seat";
    expect(await decide(reviewer, application.id, "reject", reason)).toMatchObject({ status: 1 });
    expect(await statusOf(who)).toMatchObject({
      state: "rejected",
      application: { id: application.id, state: "rejected", reason },
      canApply: true,
    });
    expect(await inbox(who.userId)).toContainEqual({ kind: "seatRejected", params: { reason } });
    expect(await decide(reviewer, application.id, "reject", "Again")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await seat(who, "apply")).toMatchObject({ status: 1, data: { state: "review" } });
  });

  it("a refusal needs a reason", async () => {
    await offer();
    const { application } = await applied();
    expect(await decide(reviewer, application.id, "reject", "")).toMatchObject({
      status: 0,
      code: "REASON_REQUIRED",
    });
    expect(await reviewOf(application.id)).toMatchObject({ state: "pending" });
  });

  it("two applications at once leave one waiting", async () => {
    await offer();
    const who = await trader(t);
    await verifyKyc(t, who.userId);
    const both = await Promise.all([seat(who, "apply"), seat(who, "apply")]);
    expect(both.map((x) => x.code ?? "ok").sort()).toEqual(["SEAT_PENDING", "ok"]);
    expect(await rowsOf(who.userId)).toHaveLength(1);
  });

  it("one user's application is theirs alone; a frozen account is refused; no session answers 401", async () => {
    await offer();
    const { who, application } = await applied();
    const other = await trader(t);
    await verifyKyc(t, other.userId);
    expect(await statusOf(other)).toMatchObject({ state: "none", application: null, canApply: true });
    expect(await seat(other, "apply")).toMatchObject({ status: 1 });
    await decide(reviewer, application.id, "approve");
    expect(await statusOf(other)).toMatchObject({ state: "review" });
    expect(await statusOf(who)).toMatchObject({ state: "approved" });

    const frozen = await trader(t);
    await verifyKyc(t, frozen.userId);
    await setUser(t, frozen.userId, { frozen: true });
    expect(await seat(frozen, "apply")).toMatchObject({ code: "ACCOUNT_FROZEN" });
    expect((await call(t.app, "seat/status", {})).httpStatus).toBe(401);
  });

  it("the terms refuse a grant missing a language, and a malformed body is INVALID_INPUT", async () => {
    const { en, zh, cn, ko } = GRANTS[0] ?? { en: "", zh: "", cn: "", ko: "" };
    const answer = await adminCall(
      t.app,
      "config/set",
      {
        key: "seat.terms",
        value: { grants: [{ en, zh, cn, ko }], requireKyc: true },
        reason: "Missing Hindi",
      },
      administrator.headers,
    );
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    const who = await trader(t);
    expect(
      await call(t.app, "seat/apply", "not json" as unknown as object, who.session.headers),
    ).toMatchObject({
      status: 0,
    });
  });
});
