import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns.js";
import { users } from "./users.js";
import { adminUsers } from "./admin.js";

/**
 * KYC submissions (DESIGN §5): one row per submission, kept after a decision, so the history of a user's
 * attempts and their reasons stays. The user's current state is `users.kyc_status`; the real name
 * becomes `users.realname` when a submission is approved. Photos are the opaque names of files in the
 * private image store, never paths or user input.
 */
export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    realName: text("real_name").notNull(),
    idNumber: text("id_number").notNull(),
    frontPhoto: text("front_photo").notNull(),
    backPhoto: text("back_photo").notNull(),
    state: text("state").$type<"under_review" | "verified" | "failed">().notNull().default("under_review"),
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
    decidedBy: uuid("decided_by").references(() => adminUsers.id),
  },
  (t) => [
    index("kyc_submissions_user_id_idx").on(t.userId, t.createdAt),
    // At most one submission waits for review per user, whatever the application code does.
    uniqueIndex("kyc_submissions_one_pending")
      .on(t.userId)
      .where(sql`${t.state} = 'under_review'`),
    check("kyc_submissions_state_check", sql`${t.state} in ('under_review', 'verified', 'failed')`),
  ],
);

/**
 * Bank cards bound by users. A card number is bound once across all users while bound (spec: a card
 * already bound is refused); removing keeps the row (`removed_at`) for the withdrawals that name it.
 */
export const bankCards = pgTable(
  "bank_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    holderName: text("holder_name").notNull(),
    cardNumber: text("card_number").notNull(),
    bankName: text("bank_name").notNull(),
    branchName: text("branch_name").notNull(),
    /** ISO 3166-1 alpha-2 of the bank; every card bound before countries were asked is Indian. */
    country: text("country").notNull().default("IN"),
    /** The bank code: an IFSC in India, a SWIFT/BIC elsewhere (exactly one, by country). */
    ifsc: text("ifsc"),
    swift: text("swift"),
    createdAt: instant("created_at").notNull(),
    removedAt: instant("removed_at"),
  },
  (t) => [
    uniqueIndex("bank_cards_bound_number")
      .on(t.cardNumber)
      .where(sql`${t.removedAt} is null`),
    index("bank_cards_user_id_idx").on(t.userId, t.createdAt),
    check(
      "bank_cards_bank_code_check",
      sql`(${t.country} = 'IN' and ${t.ifsc} is not null and ${t.swift} is null) or (${t.country} <> 'IN' and ${t.swift} is not null and ${t.ifsc} is null)`,
    ),
  ],
);

/** Crypto wallet addresses for withdrawals, per type (USDT-TRC20, USDT-ERC20, BTC). */
export const walletAddresses = pgTable(
  "wallet_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    address: text("address").notNull(),
    createdAt: instant("created_at").notNull(),
    removedAt: instant("removed_at"),
  },
  (t) => [
    uniqueIndex("wallet_addresses_user_address")
      .on(t.userId, t.type, t.address)
      .where(sql`${t.removedAt} is null`),
    index("wallet_addresses_user_id_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * The user's inbox (DESIGN §5 Messages). A message is a kind and its params, not text: the app words it
 * in the reader's language (`messages.<kind>` in the locale files), so a language switch rewords the
 * whole inbox. Paged newest first by `seq` (strictly increasing, so no two messages tie).
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A strictly increasing number: the keyset paging tiebreak of messages created in one instant. */
    seq: integer("seq").generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    createdAt: instant("created_at").notNull(),
    readAt: instant("read_at"),
  },
  (t) => [
    index("messages_user_seq_idx").on(t.userId, t.seq),
    index("messages_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * The back office's one review queue (DESIGN §5 Reviews). A feature registers a handler per `kind` and
 * points `subject_id` at its own row (a KYC submission, a deposit …). `approvals` holds the staff who
 * approved so far, for the four-eyes rule: a review needing two approvals stays pending after the first.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: integer("seq").generatedAlwaysAsIdentity().notNull(),
    kind: text("kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    /** The user the request is about; null for a request about the platform itself (a setting change). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    state: text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    approvalsNeeded: integer("approvals_needed").notNull().default(1),
    approvals: jsonb("approvals").$type<{ adminUserId: string; at: string }[]>().notNull().default([]),
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
    decidedBy: uuid("decided_by").references(() => adminUsers.id),
  },
  (t) => [
    uniqueIndex("reviews_kind_subject").on(t.kind, t.subjectId),
    index("reviews_queue_idx").on(t.kind, t.state, t.seq),
    index("reviews_user_id_idx").on(t.userId),
    check("reviews_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("reviews_approvals_needed_check", sql`${t.approvalsNeeded} between 1 and 2`),
  ],
);
