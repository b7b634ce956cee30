import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { KycStatus } from "@brokerage/api";
import { instant, timestamps } from "./columns.js";
import { institutions } from "./institutions.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Kept as registered; unique and matched regardless of case, so "Alice" cannot sit beside "alice". */
    account: text("account").notNull(),
    passwordHash: text("password_hash").notNull(),
    realname: text("realname"),
    /** The user's own invitation code, handed to people they invite. */
    inviteCode: text("invite_code").notNull().unique(),
    inviterUserId: uuid("inviter_user_id").references((): AnyPgColumn => users.id),
    /** The institution the user belongs to: the inviting institution, or the inviting user's one. */
    institutionId: uuid("institution_id").references(() => institutions.id),
    kycStatus: text("kyc_status").$type<KycStatus>().notNull().default("not_verified"),
    fundPasswordHash: text("fund_password_hash"),
    /** Wrong fund passwords in a row; at the limit, fund operations lock until `fund_locked_until`. */
    fundPasswordFailures: integer("fund_password_failures").notNull().default(0),
    fundLockedUntil: instant("fund_locked_until"),
    /** Base32 TOTP secret once enrolment starts; two-step log-in is on once `totp_enabled_at` is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: instant("totp_enabled_at"),
    totpLastStep: integer("totp_last_step"),
    /** SHA-256 of the unused recovery codes (shown once at enrolment). */
    totpRecoveryHashes: jsonb("totp_recovery_hashes").$type<string[]>().notNull().default([]),
    creditScore: integer("credit_score").notNull().default(100),
    frozen: boolean("frozen").notNull().default(false),
    loginBanned: boolean("login_banned").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    tradeBanned: boolean("trade_banned").notNull().default(false),
    withdrawBanned: boolean("withdraw_banned").notNull().default(false),
    /** Wrong passwords given for this account since its last log-in, told to the owner at the next one. */
    failedLogins: integer("failed_logins").notNull().default(0),
    lastFailedLoginAt: instant("last_failed_login_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_account_lower_unique").on(sql`lower(${t.account})`),
    index("users_inviter_user_id_idx").on(t.inviterUserId),
    index("users_institution_id_idx").on(t.institutionId),
    check(
      "users_kyc_status_check",
      sql`${t.kycStatus} in ('not_verified', 'under_review', 'verified', 'failed')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
