import type { LendingState } from "@brokerage/api";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { journalEntries } from "./ledger.js";
import { tradeOrders } from "./trading.js";
import { users } from "./users.js";

const rate = (name: string) => numeric(name, { precision: 38, scale: 18 });
const LENT = sql.raw(`('inProgress', 'completed')`);

/**
 * Securities lending (packages/api lending.ts; docs/lending.md): shares of one of the user's positions lent
 * for a term. The application fixes the quantity, the term, the price and value the minimum and quota were
 * checked on, and the rates; approval starts it (`started_at`) and sets when the shares come back
 * (`ends_at`: the term's end, moved sooner by a recall). While `inProgress` and before `ends_at` the
 * position cannot be closed (trading's close reads this table). The partial unique index keeps one open
 * lending per position, whatever runs at once.
 */
export const securitiesLoans = pgTable(
  "securities_loans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => tradeOrders.id, { onDelete: "restrict" }),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    currency: text("currency").notNull(),
    quantity: numeric("quantity", { precision: 28, scale: 8 }).notNull(),
    days: integer("days").notNull(),
    price: numeric("price", { precision: 38, scale: 10 }).notNull(),
    value: amount("value").notNull(),
    grossRate: rate("gross_rate").notNull(),
    brokerShare: rate("broker_share").notNull(),
    /** A year's rebate on the value paid to the user: grossRate × (1 − brokerShare). */
    rate: rate("rate").notNull(),
    state: text("state").$type<LendingState>().notNull().default("pending"),
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
    startedAt: instant("started_at"),
    endsAt: instant("ends_at"),
    recalledAt: instant("recalled_at"),
    completedAt: instant("completed_at"),
  },
  (t) => [
    uniqueIndex("securities_loans_one_open")
      .on(t.positionId)
      .where(sql`${t.state} in ('pending', 'inProgress')`),
    index("securities_loans_user_idx").on(t.userId, t.seq.desc()),
    index("securities_loans_due_idx")
      .on(t.endsAt)
      .where(sql`${t.state} = 'inProgress'`),
    check(
      "securities_loans_state_check",
      sql`${t.state} in ('pending', 'rejected', 'inProgress', 'completed')`,
    ),
    check("securities_loans_quantity_check", sql`${t.quantity} > 0 and ${t.quantity} = trunc(${t.quantity})`),
    check("securities_loans_days_check", sql`${t.days} > 0`),
    check("securities_loans_value_check", sql`${t.price} > 0 and ${t.value} > 0`),
    check("securities_loans_rate_check", sql`${t.rate} >= 0 and ${t.grossRate} >= ${t.rate}`),
    check("securities_loans_started_check", sql`(${t.state} in ${LENT}) = (${t.startedAt} is not null)`),
    check("securities_loans_ends_check", sql`(${t.state} in ${LENT}) = (${t.endsAt} is not null)`),
    check(
      "securities_loans_completed_check",
      sql`(${t.state} = 'completed') = (${t.completedAt} is not null)`,
    ),
  ],
);
export type SecuritiesLoanRow = typeof securitiesLoans.$inferSelect;

/**
 * One day's rebate of a lending (at most one row per lending and day: the day is claimed by its insert, so
 * a second writer books nothing). `accrued` is the exact running total through the day; `amount` is what
 * was paid for it: the running total rounded down to the currency's scale, less what was paid before.
 * A day whose amount rounds to zero has no entry.
 */
export const lendingRebates = pgTable(
  "lending_rebates",
  {
    loanId: uuid("loan_id")
      .notNull()
      .references(() => securitiesLoans.id, { onDelete: "restrict" }),
    day: date("day", { mode: "string" }).notNull(),
    price: numeric("price", { precision: 38, scale: 10 }).notNull(),
    value: amount("value").notNull(),
    accrued: rate("accrued").notNull(),
    amount: amount("amount").notNull(),
    entryId: bigint("entry_id", { mode: "number" }).references(() => journalEntries.id),
    paidAt: instant("paid_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.day] }),
    check("lending_rebates_amount_check", sql`${t.amount} >= 0 and ${t.accrued} >= 0`),
    check("lending_rebates_entry_check", sql`(${t.amount} > 0) = (${t.entryId} is not null)`),
  ],
);
export type LendingRebateRow = typeof lendingRebates.$inferSelect;
