import type { LoanState } from "@brokerage/api";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { journalEntries } from "./ledger.js";
import { users } from "./users.js";

const GRANTED = sql.raw(`('borrowing', 'finished')`);

/**
 * Credit loans (DESIGN §5 "Products"; packages/api loan.ts): the application and the loan it becomes are
 * one row. The terms (`daily_rate`, `term_days`) and the `interest` they give are fixed when the user
 * applies; a grant books `loan_entry_id` (entry `creditLoan`) and sets `due_at`; repayments add to `repaid`
 * until the loan is `finished`. The checks keep each state's columns honest, and the partial unique index
 * keeps at most one loan per user under review or owed, whatever runs at once.
 */
export const loans = pgTable(
  "loans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    interest: amount("interest").notNull(),
    dailyRate: numeric("daily_rate", { precision: 38, scale: 18 }).notNull(),
    termDays: integer("term_days").notNull(),
    repaid: amount("repaid").notNull().default("0"),
    state: text("state").$type<LoanState>().notNull().default("pending"),
    /** The reviewer's reason on a refusal. */
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
    dueAt: instant("due_at"),
    finishedAt: instant("finished_at"),
    /** The `creditLoan` entry that paid the loan out. */
    loanEntryId: bigint("loan_entry_id", { mode: "number" }).references(() => journalEntries.id),
  },
  (t) => [
    uniqueIndex("loans_one_open")
      .on(t.userId)
      .where(sql`${t.state} in ('pending', 'borrowing')`),
    index("loans_user_idx").on(t.userId, t.seq.desc()),
    check("loans_state_check", sql`${t.state} in ('pending', 'rejected', 'borrowing', 'finished')`),
    check("loans_amount_check", sql`${t.amount} > 0`),
    check("loans_interest_check", sql`${t.interest} >= 0`),
    check("loans_terms_check", sql`${t.dailyRate} >= 0 and ${t.termDays} > 0`),
    check("loans_repaid_check", sql`${t.repaid} >= 0 and ${t.repaid} <= ${t.amount} + ${t.interest}`),
    // Each state's columns: decided unless pending; paid out with a due date once granted; repaid only
    // once granted; finished exactly when all of it is repaid.
    check("loans_decided_check", sql`(${t.state} = 'pending') = (${t.decidedAt} is null)`),
    check("loans_paid_out_check", sql`(${t.state} in ${GRANTED}) = (${t.loanEntryId} is not null)`),
    check("loans_due_check", sql`(${t.state} in ${GRANTED}) = (${t.dueAt} is not null)`),
    check("loans_unpaid_check", sql`${t.state} in ${GRANTED} or ${t.repaid} = 0`),
    check("loans_finished_check", sql`(${t.state} = 'finished') = (${t.finishedAt} is not null)`),
    check(
      "loans_settled_check",
      sql`(${t.state} = 'finished') = (${t.repaid} = ${t.amount} + ${t.interest})`,
    ),
  ],
);

export type LoanRow = typeof loans.$inferSelect;
