import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { adminUsers } from "./admin.js";
import { users } from "./users.js";

/**
 * Accounts of the double-entry ledger (DESIGN §5): one per (user, purpose, currency), or per (purpose,
 * currency) for the platform (user_id null). `balance` is the sum of the account's postings, kept in the
 * same transaction as they are written; users' balances can never go below zero, in the database itself.
 *
 * The platform's accounts are split into `shard`s (users' accounts are all shard 0): one platform account
 * is its shards together, each entry moving the shard of the user it is for. Every exchange moves the FX
 * accounts and every trade the fee account, and a single row would make them all wait for each other's
 * commit (its row lock is held through the WAL flush); shards let them commit side by side.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    purpose: text("purpose").notNull(),
    currency: text("currency").notNull(),
    shard: smallint("shard").notNull().default(0),
    balance: amount("balance").notNull().default("0"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_owner_purpose_currency_shard")
      .on(t.userId, t.purpose, t.currency, t.shard)
      .nullsNotDistinct(),
    check("ledger_accounts_user_balance_check", sql`${t.userId} is null or ${t.balance} >= 0`),
    // The account's kind (a user's purposes: available, held, margin, loan; the platform's: cash_in, cash_out,
    // fees, taxes, fx, pnl, loans, rebates, adjustments, protection, promotions; shards only the platform's) is checked
    // by the trigger `ledger_accounts_kind_check` (migration 0017) when a row is inserted or those columns are
    // set, not as CHECK constraints, which PostgreSQL compiles on every update of a balance.
  ],
);

/**
 * One booked movement: its type (the fund-flow type users see), what it refers to, who caused it and
 * why. Append-only (a trigger refuses UPDATE and DELETE).
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    /** The user whose money moved (null: platform-only entries). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    /** What the entry belongs to, e.g. `deposit:<id>`, `withdrawal:<id>`, `exchange:<quote id>`. */
    reference: text("reference"),
    idempotencyKey: text("idempotency_key"),
    /** `user`, `staff` or `system`. */
    causedBy: text("caused_by").notNull(),
    staffId: uuid("staff_id").references(() => adminUsers.id),
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("journal_entries_user_idx").on(t.userId, t.id),
    index("journal_entries_reference_idx").on(t.reference),
    check("journal_entries_caused_by_check", sql`${t.causedBy} in ('user', 'staff', 'system')`),
  ],
);

/**
 * The lines of an entry: a signed amount on one account, with the account's balance just after it
 * (`balance_after`, the running balance of fund records and statements). The postings of an entry sum to
 * zero per currency. Owner, purpose, currency and entry type are copied from the account and entry so a
 * user's records are one index scan. Append-only.
 */
export const postings = pgTable(
  "postings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    userId: uuid("user_id"),
    purpose: text("purpose").notNull(),
    currency: text("currency").notNull(),
    entryType: text("entry_type").notNull(),
    amount: amount("amount").notNull(),
    balanceAfter: amount("balance_after").notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("postings_user_idx")
      .on(t.userId, t.id)
      .where(sql`${t.userId} is not null`),
    index("postings_account_idx").on(t.accountId, t.id),
    index("postings_entry_idx").on(t.entryId),
    check("postings_amount_check", sql`${t.amount} <> 0`),
  ],
);

/**
 * Idempotency (DESIGN §5): the first answer of a money-moving call under (owner, key), written in the
 * same transaction as its effect. A retry answers it; the same key with another request is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    owner: text("owner").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);

/**
 * Typed configuration keys (DESIGN §4.1: `withdrawal.window`, `recharge.limits` …), JSON values edited in
 * the back office; a key without a row has its default (modules/settings).
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: instant("updated_at").notNull(),
  updatedBy: uuid("updated_by").references(() => adminUsers.id),
});

/** Deposit channels configured in the back office (`channels/save`). */
export const depositChannels = pgTable(
  "deposit_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"bank" | "crypto" | "otc">().notNull(),
    name: text("name").notNull(),
    /** bank: accountName, accountNumber, bankName · crypto: network, address · otc: key. */
    details: jsonb("details").$type<Record<string, string>>().notNull(),
    /** `{<currency>: {min, max}}`: the currencies the channel takes and the limits of each. */
    limits: jsonb("limits").$type<Record<string, { min: string; max: string }>>().notNull(),
    voucherRequired: boolean("voucher_required").notNull().default(true),
    /** The channel a fresh install ships with, labelled as demo in the app. */
    demo: boolean("demo").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    sort: bigint("sort", { mode: "number" }).notNull().default(0),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [check("deposit_channels_kind_check", sql`${t.kind} in ('bank', 'crypto', 'otc')`)],
);

const reviewedState = () =>
  text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending");

/** Deposits: credited only when a reviewer approves (review kind `deposit`). One pending per user. */
export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => depositChannels.id),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    /** The voucher image's opaque name in the private image store. */
    voucher: text("voucher"),
    state: reviewedState(),
    reason: text("reason"),
    entryId: bigint("entry_id", { mode: "number" }).references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    index("deposits_user_seq_idx").on(t.userId, t.seq),
    uniqueIndex("deposits_one_pending")
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    unique("deposits_seq_unique").on(t.seq),
    check("deposits_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("deposits_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * Withdrawals: the amount is held at request time (`hold_entry_id`); approval posts it out, refusal voids
 * the hold (`settle_entry_id`). One pending per user, in the database itself.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Where it pays to: one of the user's bank cards or one of their wallet addresses (exactly one). */
    bankCardId: uuid("bank_card_id"),
    walletAddressId: uuid("wallet_address_id"),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    /** The network fee of a payout to a wallet, part of `amount` (0 to a bank card). */
    fee: amount("fee").notNull().default("0"),
    state: reviewedState(),
    reason: text("reason"),
    holdEntryId: bigint("hold_entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    settleEntryId: bigint("settle_entry_id", { mode: "number" }).references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    index("withdrawals_user_seq_idx").on(t.userId, t.seq),
    uniqueIndex("withdrawals_one_pending")
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index("withdrawals_card_pending_idx")
      .on(t.bankCardId)
      .where(sql`${t.state} = 'pending'`),
    index("withdrawals_wallet_pending_idx")
      .on(t.walletAddressId)
      .where(sql`${t.state} = 'pending'`),
    check("withdrawals_destination_check", sql`(${t.bankCardId} is null) <> (${t.walletAddressId} is null)`),
    check("withdrawals_fee_check", sql`${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
    check("withdrawals_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("withdrawals_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Exchange quotes: shown before the user confirms, filled once, never after `expires_at`. */
export const exchangeQuotes = pgTable(
  "exchange_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    amount: amount("amount").notNull(),
    rate: numeric("rate", { precision: 38, scale: 12 }).notNull(),
    spread: numeric("spread", { precision: 38, scale: 12 }).notNull(),
    fee: amount("fee").notNull(),
    receive: amount("receive").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    entryId: bigint("entry_id", { mode: "number" }).references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("exchange_quotes_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Back-office adjustments above `adjustment.fourEyesAbove` wait here for a second administrator (review
 * kind `adjustment`); smaller ones are booked at once and recorded here too, so every adjustment has one
 * row with who asked, why, and the entry that booked it.
 */
export const adjustments = pgTable(
  "adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    /** Signed: positive credits the user, negative debits. */
    amount: amount("amount").notNull(),
    reason: text("reason").notNull(),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => adminUsers.id),
    state: reviewedState(),
    entryId: bigint("entry_id", { mode: "number" }).references(() => journalEntries.id),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    index("adjustments_user_idx").on(t.userId, t.createdAt),
    // The four-eyes sum of one requester's adjustments over the last day.
    index("adjustments_requester_idx").on(t.requestedBy, t.createdAt),
    check("adjustments_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("adjustments_amount_check", sql`${t.amount} <> 0`),
  ],
);

/**
 * The hash chain of the journal (docs/honesty.md "The journal's hash chain"): one row per sealed entry, in
 * the order the sealer (modules/ledger chain.ts, a job of the scheduler's leader) sealed them, just after
 * their commit. `content_hash` is SHA-256 of the entry's canonical content (the entry and all its postings),
 * `hash` = SHA-256 over the row's seq, entry id, content hash and the previous row's `hash`. Append-only.
 * No foreign key to the entry: the chain stands on its own, so a deleted entry is a broken link, not a
 * refused delete of the chain row.
 */
export const journalChain = pgTable("journal_chain", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  entryId: bigint("entry_id", { mode: "number" }).notNull().unique("journal_chain_entry_unique"),
  contentHash: text("content_hash").notNull(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
  sealedAt: instant("sealed_at").notNull(),
});
