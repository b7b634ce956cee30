import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.js";
import { instant } from "./columns.js";
import { users } from "./users.js";

/**
 * A published proof of liabilities (docs/honesty.md "Proof of liabilities"): the Merkle sum tree of every
 * user's balance in one currency at one instant. Built by the scheduler's leader for each day that ended
 * (as of the day's end) and on demand by staff (as of the minute); one tree per instant and currency.
 * `total` and every balance are integers of the ledger's smallest unit (10⁻⁸), as text. Append-only.
 */
export const liabilityProofs = pgTable(
  "liability_proofs",
  {
    id: uuid("id").primaryKey(),
    /** The calendar day (PORTFOLIO_TIME_ZONE) of `as_of`; for a daily tree, the day that ended. */
    day: date("day", { mode: "string" }).notNull(),
    asOf: instant("as_of").notNull(),
    /** `daily` (the scheduler) or `staff` (the back office's "build now"). */
    kind: text("kind").notNull(),
    currency: text("currency").notNull(),
    root: text("root").notNull(),
    total: text("total").notNull(),
    leaves: integer("leaves").notNull(),
    /** The journal chain's head when the tree was built: its seq and hash (0 and 64 zeros: none). */
    chainSeq: bigint("chain_seq", { mode: "number" }).notNull(),
    chainHash: text("chain_hash").notNull(),
    builtAt: instant("built_at").notNull(),
    builtBy: uuid("built_by").references(() => adminUsers.id),
  },
  (t) => [
    unique("liability_proofs_as_of_currency").on(t.asOf, t.currency),
    check("liability_proofs_kind_check", sql`${t.kind} in ('daily', 'staff')`),
  ],
);

/** One user's leaf of a proof: its position, the user's salt, balance and leaf hash. Append-only. */
export const liabilityProofLeaves = pgTable(
  "liability_proof_leaves",
  {
    proofId: uuid("proof_id")
      .notNull()
      .references(() => liabilityProofs.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    /** 32 random bytes (hex): keeps the leaf from being recomputed by anyone who guesses the balance. */
    salt: text("salt").notNull(),
    balance: text("balance").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.proofId, t.userId] }),
    unique("liability_proof_leaves_position").on(t.proofId, t.position),
  ],
);
