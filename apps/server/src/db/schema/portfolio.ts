import { date, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { users } from "./users.js";

/**
 * The portfolio's daily marks (DESIGN §4.1 `account/portfolio`): at the end of every calendar day of the
 * platform's zone (PORTFOLIO_TIME_ZONE), the scheduler's leader writes every user's equity per currency as
 * the ledger had it at that instant. A day is one transaction: its row here and all its users' marks, or
 * nothing; its primary key makes a second writer (a restart, a second leader for a moment) write nothing.
 */
export const portfolioDays = pgTable("portfolio_days", {
  /** The calendar day `YYYY-MM-DD`. */
  day: date("day", { mode: "string" }).primaryKey(),
  /** The day's end (the next day's midnight in the zone): the instant every mark of the day is of. */
  endsAt: instant("ends_at").notNull(),
  /** Units of each currency per US dollar at `ends_at`, mid (those with a fresh rate): the day's conversions. */
  rates: jsonb("rates").$type<Record<string, string>>().notNull(),
  markedAt: instant("marked_at").notNull(),
});

/**
 * One user's equity in one currency at a day's end, in that currency: the balances of their available,
 * held and margin accounts then (the running balance of each account's last posting before the instant),
 * plus the unrealised P&L of the positions open then at that instant's prices.
 */
export const portfolioMarks = pgTable(
  "portfolio_marks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    day: date("day", { mode: "string" })
      .notNull()
      .references(() => portfolioDays.day),
    currency: text("currency").notNull(),
    equity: amount("equity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.currency] })],
);
