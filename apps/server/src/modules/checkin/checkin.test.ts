import { randomBytes } from "node:crypto";
import {
  SETTING_DEFAULTS,
  type CheckInResult,
  type CheckinRedemption,
  type CheckinStatus,
  type FundRecordPage,
} from "@brokerage/api";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, type Answer, type TestApp } from "../../../test/helper.js";
import { checkinRedemptions, checkins, journalEntries } from "../../db/schema/index.js";
import { DAY, HOUR, MINUTE } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { trader, walletOf, type Trader } from "../trading/testing.js";
import { setUser } from "../withdrawals/testing.js";

/** `checkin/status`, `checkin/checkIn` and `checkin/redeem` over HTTP, on the real database. */
let t: TestApp;
let administrator: StaffMember;
let logins = 0;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
  administrator = await createStaff(t.database.db, "administrator");
});
/** A fresh staff session: the tests move the clock past a session's life. */
const operator = (): Promise<StaffLogin> => staffLogin(t.app, administrator, `10.92.0.${++logins}`);
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  // Back to the defaults for the next test.
  const staff = await operator();
  await adminCall(t.app, "config/reset", { key: "checkin.rewards", reason: "Test over" }, staff.headers);
});

const newKey = () => `ci-${randomBytes(8).toString("hex")}`;
const KOLKATA = "Asia/Kolkata";

const checkin = (who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `checkin/${action}`, body, who.session.headers);

async function statusOf(who: Trader, timeZone?: string): Promise<CheckinStatus> {
  const answer = await checkin(who, "status", timeZone ? { timeZone } : {});
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as CheckinStatus;
}

async function checkInOk(who: Trader, body: Record<string, unknown> = {}): Promise<CheckInResult> {
  const answer = await checkin(who, "checkIn", { idempotencyKey: newKey(), ...body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as CheckInResult;
}

const checkInsOf = (userId: string) =>
  t.database.db.select().from(checkins).where(eq(checkins.userId, userId));
const redemptionsOf = (userId: string) =>
  t.database.db.select().from(checkinRedemptions).where(eq(checkinRedemptions.userId, userId));
const signInEntries = (userId: string) =>
  t.database.db
    .select({ id: journalEntries.id, reference: journalEntries.reference })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.type, "signIn")));

/** Sets the clock to a wall time in Kolkata (UTC+5:30). */
const atKolkata = (wall: string) => t.clock.set(new Date(new Date(`${wall}Z`).getTime() - 330 * MINUTE));

async function setRewards(value: unknown) {
  const answer = await adminCall(
    t.app,
    "config/set",
    { key: "checkin.rewards", value, reason: "Promotion review" },
    (await operator()).headers,
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
}

describe("checkin/checkIn", () => {
  it("books the configured amount as sign-in once a day, and refuses a second check-in the same day", async () => {
    atKolkata("2026-02-02T10:00:00");
    const who = await trader(t);
    expect(await statusOf(who)).toEqual({
      streak: 0,
      checkedInToday: false,
      count: 0,
      total: 0,
      rewards: [
        { id: "week", checkIns: 7, amount: "1.00", currency: "USD", redeemable: false },
        { id: "month", checkIns: 30, amount: "5.00", currency: "USD", redeemable: false },
      ],
      perCheckIn: { amount: "0.10", currency: "USD" },
      lastCheckInAt: null,
      nextCheckInAt: null,
      timeZone: KOLKATA,
    });

    const first = await checkInOk(who);
    expect(first).toEqual({
      id: expect.any(String),
      day: "2026-02-02",
      timeZone: KOLKATA,
      streak: 1,
      count: 1,
      booked: { amount: "0.10", currency: "USD" },
      checkedInAt: t.clock.now().toISOString(),
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0.1", held: "0" });
    const records = await call(t.app, "fund/records", { type: "signIn" }, who.session.headers);
    expect((records.data as FundRecordPage).items).toEqual([
      expect.objectContaining({
        type: "signIn",
        account: "available",
        currency: "USD",
        amount: "0.10",
        reference: `checkin:${first.id}`,
      }),
    ]);
    expect(await statusOf(who)).toMatchObject({
      streak: 1,
      checkedInToday: true,
      count: 1,
      total: 1,
      lastCheckInAt: t.clock.now().toISOString(),
      // The next midnight in Kolkata.
      nextCheckInAt: "2026-02-02T18:30:00.000Z",
    });

    // Later the same day, with a new key: refused, nothing written.
    t.clock.advance(13 * HOUR + 59 * MINUTE); // 23:59 in Kolkata
    expect(await checkin(who, "checkIn", { idempotencyKey: newKey() })).toMatchObject({
      status: 0,
      code: "ALREADY_CHECKED_IN",
      msg: "Already checked in today",
    });
    expect(await checkInsOf(who.userId)).toHaveLength(1);
    expect(await signInEntries(who.userId)).toHaveLength(1);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0.1" });
  });

  it("opens again at midnight in the user's zone, not at midnight UTC", async () => {
    atKolkata("2026-02-10T23:50:00");
    const kolkata = await trader(t);
    const utc = await trader(t);
    await checkInOk(kolkata);
    expect((await checkInOk(utc, { timeZone: "UTC" })).day).toBe("2026-02-10");

    t.clock.advance(20 * MINUTE); // 00:10 in Kolkata on the 11th; still 18:40 on the 10th in UTC
    const next = await checkInOk(kolkata, { timeZone: KOLKATA });
    expect(next).toMatchObject({ day: "2026-02-11", streak: 2, count: 2 });
    expect(await checkin(utc, "checkIn", { idempotencyKey: newKey(), timeZone: "UTC" })).toMatchObject({
      code: "ALREADY_CHECKED_IN",
    });
    expect(await statusOf(utc, "UTC")).toMatchObject({ checkedInToday: true, streak: 1 });
    expect(await walletOf(t, kolkata.userId, "USD")).toMatchObject({ available: "0.2" });
  });

  it("a zone further east does not open a second check-in on the same day", async () => {
    atKolkata("2026-02-12T23:30:00"); // 03:00 on the 13th in Tokyo, whose day began before it
    const who = await trader(t);
    await checkInOk(who);
    expect(await checkin(who, "checkIn", { idempotencyKey: newKey(), timeZone: "Asia/Tokyo" })).toMatchObject(
      { code: "ALREADY_CHECKED_IN" },
    );
  });

  it("counts days in the zone of the first check-in: stepping west an hour at a time opens nothing", async () => {
    t.clock.set(new Date("2026-02-14T00:30:00Z"));
    const who = await trader(t);
    expect((await checkInOk(who, { timeZone: "UTC" })).day).toBe("2026-02-14");
    // Each hour a zone one hour further west has just passed its midnight; none of them is the user's.
    for (const [hour, zone] of [
      [1, "Etc/GMT+1"],
      [2, "Etc/GMT+2"],
      [3, "Atlantic/South_Georgia"],
    ] as const) {
      t.clock.set(new Date(`2026-02-14T0${hour}:00:30Z`));
      expect(await checkin(who, "checkIn", { idempotencyKey: newKey(), timeZone: zone })).toMatchObject({
        code: "ALREADY_CHECKED_IN",
      });
      expect(await statusOf(who, zone)).toMatchObject({ checkedInToday: true, timeZone: "UTC" });
    }
    expect(await checkInsOf(who.userId)).toHaveLength(1);
    expect(await signInEntries(who.userId)).toHaveLength(1);
    // The next day in the user's zone opens at its midnight, whatever the phone says.
    t.clock.set(new Date("2026-02-15T00:00:30Z"));
    expect(await checkInOk(who, { timeZone: "Asia/Tokyo" })).toMatchObject({
      day: "2026-02-15",
      timeZone: "UTC",
      streak: 2,
    });
  });

  it("breaks the streak after a missed day", async () => {
    atKolkata("2026-03-01T09:00:00");
    const who = await trader(t);
    await checkInOk(who);
    t.clock.advance(DAY);
    expect((await checkInOk(who)).streak).toBe(2);
    t.clock.advance(DAY); // the 3rd: not checked in yet, the streak still stands
    expect(await statusOf(who)).toMatchObject({ streak: 2, checkedInToday: false });
    t.clock.advance(DAY); // the 4th: the 3rd was missed
    expect(await statusOf(who)).toMatchObject({ streak: 0, checkedInToday: false, count: 2 });
    expect(await checkInOk(who)).toMatchObject({ streak: 1, count: 3 });
    expect((await checkInsOf(who.userId)).map((r) => [r.day, r.streak])).toEqual([
      ["2026-03-01", 1],
      ["2026-03-02", 2],
      ["2026-03-04", 1],
    ]);
  });

  it("books nothing when the configuration gives nothing per check-in, and still counts the day", async () => {
    await setRewards({ ...SETTING_DEFAULTS["checkin.rewards"], perCheckIn: "0" });
    atKolkata("2026-03-10T09:00:00");
    const who = await trader(t);
    expect(await checkInOk(who)).toMatchObject({ booked: null, count: 1 });
    expect(await signInEntries(who.userId)).toEqual([]);
    expect(await statusOf(who)).toMatchObject({ perCheckIn: null, count: 1 });
  });

  it("a retry with the same key answers the first result; two at once book once", async () => {
    atKolkata("2026-03-20T09:00:00");
    const who = await trader(t);
    const idempotencyKey = newKey();
    const [a, b] = await Promise.all([
      checkin(who, "checkIn", { idempotencyKey }),
      checkin(who, "checkIn", { idempotencyKey }),
    ]);
    expect(a).toMatchObject({ status: 1 });
    expect(b).toEqual(a);
    expect(await checkin(who, "checkIn", { idempotencyKey })).toEqual(a);
    expect(await signInEntries(who.userId)).toHaveLength(1);

    // Two different keys at once on a new day: one check-in, the other refused.
    t.clock.advance(DAY);
    const both = await Promise.all([
      checkin(who, "checkIn", { idempotencyKey: newKey() }),
      checkin(who, "checkIn", { idempotencyKey: newKey() }),
    ]);
    expect(both.map((x) => x.code ?? "ok").sort()).toEqual(["ALREADY_CHECKED_IN", "ok"]);
    expect(await signInEntries(who.userId)).toHaveLength(2);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0.2" });
  });

  it("a new user's first check-in sent twice at once with different keys counts once", async () => {
    atKolkata("2026-03-25T09:00:00");
    const who = await trader(t);
    const both = await Promise.all([
      checkin(who, "checkIn", { idempotencyKey: newKey() }),
      checkin(who, "checkIn", { idempotencyKey: newKey() }),
    ]);
    expect(both.map((x) => x.code ?? "ok").sort()).toEqual(["ALREADY_CHECKED_IN", "ok"]);
    expect(await checkInsOf(who.userId)).toHaveLength(1);
    expect(await statusOf(who)).toMatchObject({ streak: 1, count: 1 });
  });

  it("refuses a frozen account and changes nothing", async () => {
    const who = await trader(t);
    await setUser(t, who.userId, { frozen: true });
    expect(await checkin(who, "checkIn", { idempotencyKey: newKey() })).toMatchObject({
      code: "ACCOUNT_FROZEN",
    });
    expect(await checkInsOf(who.userId)).toEqual([]);
  });
});

describe("checkin/redeem", () => {
  /** A user who checked in on `days` consecutive days, ending today. */
  async function checkedIn(days: number): Promise<Trader> {
    atKolkata("2026-04-01T12:00:00");
    const who = await trader(t);
    for (let day = 0; day < days; day++) {
      if (day > 0) t.clock.advance(DAY);
      await checkInOk(who);
    }
    return who;
  }

  it("spends the reward's check-ins and books its amount exactly as sign-in", async () => {
    const who = await checkedIn(7);
    expect(await statusOf(who)).toMatchObject({
      streak: 7,
      count: 7,
      rewards: [
        { id: "week", redeemable: true },
        { id: "month", redeemable: false },
      ],
    });
    const idempotencyKey = newKey();
    const answer = await checkin(who, "redeem", { rewardId: "week", idempotencyKey });
    expect(answer).toMatchObject({ status: 1 });
    const redemption = answer.data as CheckinRedemption;
    expect(redemption).toEqual({
      id: expect.any(String),
      rewardId: "week",
      checkIns: 7,
      amount: "1.00",
      currency: "USD",
      count: 0,
      createdAt: t.clock.now().toISOString(),
    });
    // 7 × 0.10 + 1.00.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1.7" });
    const records = await call(t.app, "fund/records", { type: "signIn" }, who.session.headers);
    expect((records.data as FundRecordPage).items[0]).toMatchObject({
      type: "signIn",
      amount: "1.00",
      reference: `checkinReward:${redemption.id}`,
    });
    expect(await statusOf(who)).toMatchObject({ streak: 7, count: 0, total: 7 });
    // The same key again answers the first result and books nothing more.
    expect(await checkin(who, "redeem", { rewardId: "week", idempotencyKey })).toEqual(answer);
    expect(await redemptionsOf(who.userId)).toHaveLength(1);
  });

  it("refuses a reward the count does not reach, and writes nothing", async () => {
    const who = await checkedIn(3);
    expect(await checkin(who, "redeem", { rewardId: "week", idempotencyKey: newKey() })).toMatchObject({
      status: 0,
      code: "INSUFFICIENT_CHECKIN_COUNT",
      msg: "Insufficient check-in count",
    });
    expect(await redemptionsOf(who.userId)).toEqual([]);
    expect(await signInEntries(who.userId)).toHaveLength(3);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0.3" });
    expect(await statusOf(who)).toMatchObject({ count: 3 });
    // And a user who never checked in.
    const none = await trader(t);
    expect(await checkin(none, "redeem", { rewardId: "week", idempotencyKey: newKey() })).toMatchObject({
      code: "INSUFFICIENT_CHECKIN_COUNT",
    });
  });

  it("refuses a reward the configuration does not offer", async () => {
    const who = await checkedIn(1);
    await setRewards({
      currency: "USD",
      perCheckIn: "0.10",
      rewards: [{ id: "first", checkIns: 1, amount: "0.50" }],
    });
    expect(await checkin(who, "redeem", { rewardId: "week", idempotencyKey: newKey() })).toMatchObject({
      code: "CHECKIN_REWARD_UNAVAILABLE",
    });
    expect(await checkin(who, "redeem", { rewardId: "first", idempotencyKey: newKey() })).toMatchObject({
      status: 1,
      data: { amount: "0.50", count: 0 },
    });
  });

  it("two redemptions at once with different keys spend the count once", async () => {
    const who = await checkedIn(7);
    const both = await Promise.all([
      checkin(who, "redeem", { rewardId: "week", idempotencyKey: newKey() }),
      checkin(who, "redeem", { rewardId: "week", idempotencyKey: newKey() }),
    ]);
    expect(both.map((x) => x.code ?? "ok").sort()).toEqual(["INSUFFICIENT_CHECKIN_COUNT", "ok"]);
    expect(await redemptionsOf(who.userId)).toHaveLength(1);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1.7" });
  });
});

describe("another user and malformed bodies", () => {
  it("one user's key, count and rewards are theirs alone", async () => {
    atKolkata("2026-05-01T12:00:00");
    const owner = await trader(t);
    const other = await trader(t);
    const idempotencyKey = newKey();
    for (let day = 0; day < 7; day++) {
      if (day > 0) t.clock.advance(DAY);
      await checkInOk(owner, day === 6 ? { idempotencyKey } : {});
    }
    // The same key from another user is another call: their own check-in, not the owner's answer.
    const theirs = await checkInOk(other, { idempotencyKey });
    expect(theirs).toMatchObject({ streak: 1, count: 1 });
    expect(await statusOf(other)).toMatchObject({ count: 1, total: 1 });
    // The owner's count does not pay another user's reward.
    expect(await checkin(other, "redeem", { rewardId: "week", idempotencyKey: newKey() })).toMatchObject({
      code: "INSUFFICIENT_CHECKIN_COUNT",
    });
    expect(await statusOf(owner)).toMatchObject({ count: 7 });
    expect(await walletOf(t, other.userId, "USD")).toMatchObject({ available: "0.1" });
  });

  it("answers INVALID_INPUT on a malformed body and writes nothing; no session answers 401", async () => {
    const who = await trader(t);
    for (const [action, body, field] of [
      ["checkIn", {}, "idempotencyKey"],
      ["checkIn", { idempotencyKey: "short" }, "idempotencyKey"],
      ["checkIn", { idempotencyKey: newKey(), timeZone: "Mars/Olympus" }, "timeZone"],
      ["checkIn", { idempotencyKey: 12345678 }, "idempotencyKey"],
      ["status", { timeZone: 5 }, "timeZone"],
      ["redeem", { idempotencyKey: newKey() }, "rewardId"],
      ["redeem", { rewardId: "../week", idempotencyKey: newKey() }, "rewardId"],
    ] as const) {
      const answer = await checkin(who, action, body);
      expect(answer, `${action} ${JSON.stringify(body)}`).toMatchObject({
        httpStatus: 200,
        status: 0,
        code: "INVALID_INPUT",
        params: { field },
      });
    }
    expect(await checkInsOf(who.userId)).toEqual([]);
    expect((await call(t.app, "checkin/status", {})).httpStatus).toBe(401);
    expect((await call(t.app, "checkin/checkIn", { idempotencyKey: newKey() })).httpStatus).toBe(401);
  });
});
