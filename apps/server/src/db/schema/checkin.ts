import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { journalEntries } from "./ledger.js";
import { users } from "./users.js";

/**
 * Daily check-in (packages/api checkin.ts). One row per user who ever checked in: the zone of their days,
 * the last check-in, the streak it ended, every check-in counted and those spent on rewards. A check-in is an update guarded by
 * "the last one was before today's midnight", and a redemption one guarded by "enough not yet spent", so
 * two requests at once cannot both pass (as the ledger's balance guard: no read-then-write).
 */
export const checkinAccounts = pgTable(
  "checkin_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "restrict" }),
    /**
     * The zone whose calendar days count, fixed at the first check-in (the phone's then): a zone sent
     * later is not used, or a user stepping west an hour at a time would find a new midnight every hour.
     */
    timeZone: text("time_zone").notNull(),
    lastAt: instant("last_at").notNull(),
    streak: integer("streak").notNull(),
    checkIns: integer("check_ins").notNull(),
    spent: integer("spent").notNull().default(0),
  },
  (t) => [
    check("checkin_accounts_counts_check", sql`${t.spent} >= 0 and ${t.spent} <= ${t.checkIns}`),
    check("checkin_accounts_streak_check", sql`${t.streak} >= 1`),
  ],
);

/** Every check-in: the day in the zone it was counted in, the streak it made and what it booked. */
export const checkins = pgTable(
  "checkins",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    day: text("day").notNull(),
    timeZone: text("time_zone").notNull(),
    streak: integer("streak").notNull(),
    entryId: bigint("entry_id", { mode: "number" }).references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("checkins_user_day").on(t.userId, t.day, t.timeZone),
    index("checkins_user_idx").on(t.userId, t.seq),
  ],
);

/** A reward redeemed: the configuration's reward as it was then, the check-ins it spent, its entry. */
export const checkinRedemptions = pgTable(
  "checkin_redemptions",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    rewardId: text("reward_id").notNull(),
    checkIns: integer("check_ins").notNull(),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("checkin_redemptions_user_idx").on(t.userId, t.seq),
    check("checkin_redemptions_amount_check", sql`${t.amount} > 0`),
    check("checkin_redemptions_check_ins_check", sql`${t.checkIns} >= 1`),
  ],
);

export type CheckinAccountRow = typeof checkinAccounts.$inferSelect;
export type CheckinRow = typeof checkins.$inferSelect;
export type CheckinRedemptionRow = typeof checkinRedemptions.$inferSelect;
