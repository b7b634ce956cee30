import { randomUUID } from "node:crypto";
import {
  CHECKIN_DEFAULT_TIME_ZONE,
  type CheckInRequest,
  type CheckInResult,
  type CheckinRedeemRequest,
  type CheckinRedemption,
  type CheckinRewardsSetting,
  type CheckinStatus,
  type Currency,
  type EntryType,
} from "@brokerage/api";
import {
  checkInDay,
  checkInStanding,
  money,
  platformAccount,
  toBookedString,
  transfer,
  userAccount,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { book, findTrader, idempotent, refuseAccount } from "../ledger/index.js";
import { getSetting } from "../settings/index.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
}

const SIGN_IN: EntryType = "signIn";

/** A configured amount at its currency's scale; null when it rounds to nothing. */
function bookedOrNull(amount: string, currency: string): string | null {
  const booked = toBookedString(amount, currency);
  return money(booked).greaterThan(0) ? booked : null;
}

/** "sign-in" from the platform's promotions account to the user's available balance. */
const reward = (userId: string, currency: string, amount: string) =>
  transfer(SIGN_IN, platformAccount("promotions", currency), userAccount(userId, currency), amount);

/** The zone of a user's days: the one kept at their first check-in, else the phone's, else the platform's. */
const zoneOf = (account: { timeZone: string } | undefined, sent: string | undefined) =>
  account?.timeZone ?? sent ?? CHECKIN_DEFAULT_TIME_ZONE;

/**
 * Daily check-in (packages/api checkin.ts, docs/checkin.md): the status, the check-in and the redemption
 * of a reward, each money call under its idempotency key in one transaction. The calendar's rules are the
 * core's (`checkInDay`, `checkInStanding`); the guards that make them hold under concurrency are the
 * repository's single statements.
 */
export class CheckinService {
  constructor(private readonly deps: Deps) {}

  async status(userId: string, zone: string | undefined): Promise<CheckinStatus> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const [account, config] = await Promise.all([
      repo.accountOf(db, userId),
      getSetting(db, "checkin.rewards"),
    ]);
    const timeZone = zoneOf(account, zone);
    const standing = checkInStanding(
      account ? { at: account.lastAt, streak: account.streak } : null,
      timeZone,
      now,
    );
    const count = account ? account.checkIns - account.spent : 0;
    const perCheckIn = bookedOrNull(config.perCheckIn, config.currency);
    return {
      streak: standing.streak,
      checkedInToday: standing.checkedInToday,
      count,
      total: account?.checkIns ?? 0,
      rewards: rewardsOf(config).map((r) => ({ ...r, redeemable: count >= r.checkIns })),
      perCheckIn: perCheckIn === null ? null : { amount: perCheckIn, currency: config.currency },
      lastCheckInAt: account?.lastAt.toISOString() ?? null,
      nextCheckInAt: standing.checkedInToday ? checkInDay(timeZone, now).tomorrowStart.toISOString() : null,
      timeZone,
    };
  }

  /**
   * Under the key, in one transaction: the account open (ACCOUNT_DISABLED, ACCOUNT_FROZEN), not yet today
   * in the zone (ALREADY_CHECKED_IN), the check-in counted, and the configured amount booked as "sign-in".
   */
  async checkIn(userId: string, input: CheckInRequest): Promise<CheckInResult> {
    const { db, clock } = this.deps;
    const call = { owner: `user:${userId}`, key: input.idempotencyKey, request: { checkIn: true } };
    return idempotent(db, clock, call, async (tx) => {
      refuseAccount(await findTrader(tx, userId));
      const at = clock.now();
      // Locked, so the zone read is the one the guard below counts in. A first check-in has no row to
      // lock; a second one at the same time meets it in the insert and finds it made "now", today in any zone.
      const timeZone = zoneOf(await repo.accountOf(tx, userId, { lock: true }), input.timeZone);
      const today = checkInDay(timeZone, at);
      const counted = await repo.countCheckIn(tx, { userId, timeZone, at, ...today });
      if (!counted) throw new DomainError("ALREADY_CHECKED_IN");
      const config = await getSetting(tx, "checkin.rewards");
      const amount = bookedOrNull(config.perCheckIn, config.currency);
      const id = randomUUID();
      const booked =
        amount === null
          ? null
          : await book(tx, {
              entry: reward(userId, config.currency, amount),
              userId,
              reference: `checkin:${id}`,
              idempotencyKey: input.idempotencyKey,
              cause: { by: "user" },
              at,
            });
      await repo.insertCheckIn(tx, {
        id,
        userId,
        day: today.day,
        timeZone,
        streak: counted.streak,
        entryId: booked?.entryId ?? null,
        createdAt: at,
      });
      return {
        id,
        day: today.day,
        timeZone,
        streak: counted.streak,
        count: counted.checkIns - counted.spent,
        booked: amount === null ? null : { amount, currency: config.currency as Currency },
        checkedInAt: at.toISOString(),
      };
    });
  }

  /**
   * Under the key, in one transaction: the account open, the reward offered now
   * (CHECKIN_REWARD_UNAVAILABLE), enough check-ins not yet spent (INSUFFICIENT_CHECKIN_COUNT), which are
   * spent, and the reward booked as "sign-in".
   */
  async redeem(userId: string, input: CheckinRedeemRequest): Promise<CheckinRedemption> {
    const { db, clock } = this.deps;
    const call = {
      owner: `user:${userId}`,
      key: input.idempotencyKey,
      request: { rewardId: input.rewardId },
    };
    return idempotent(db, clock, call, async (tx) => {
      refuseAccount(await findTrader(tx, userId));
      const config = await getSetting(tx, "checkin.rewards");
      const found = rewardsOf(config).find((r) => r.id === input.rewardId);
      if (!found) throw new DomainError("CHECKIN_REWARD_UNAVAILABLE");
      const left = await repo.spend(tx, { userId, checkIns: found.checkIns });
      if (!left) throw new DomainError("INSUFFICIENT_CHECKIN_COUNT");
      const at = clock.now();
      const id = randomUUID();
      const booked = await book(tx, {
        entry: reward(userId, found.currency, found.amount),
        userId,
        reference: `checkinReward:${id}`,
        idempotencyKey: input.idempotencyKey,
        cause: { by: "user" },
        at,
      });
      const row = await repo.insertRedemption(tx, {
        id,
        userId,
        rewardId: found.id,
        checkIns: found.checkIns,
        currency: found.currency,
        amount: found.amount,
        entryId: booked.entryId,
        createdAt: at,
      });
      return {
        id,
        rewardId: found.id,
        checkIns: found.checkIns,
        amount: found.amount,
        currency: found.currency,
        count: left.checkIns - left.spent,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }
}

/** The configuration's rewards at their currency's scale, in the order configured; none that books nothing. */
function rewardsOf(config: CheckinRewardsSetting) {
  return config.rewards.flatMap((r) => {
    const amount = bookedOrNull(r.amount, config.currency);
    return amount === null ? [] : [{ id: r.id, checkIns: r.checkIns, amount, currency: config.currency }];
  });
}
