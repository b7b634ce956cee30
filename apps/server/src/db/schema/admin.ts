import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AdminRole } from "@brokerage/api";
import { instant, timestamps } from "./columns.js";

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Kept as created; unique and matched regardless of case, like user accounts. */
    account: text("account").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<AdminRole>().notNull(),
    disabled: boolean("disabled").notNull().default(false),
    /** Base32 TOTP secret once enrolment starts; two-step log-in is on once `totp_enabled_at` is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: instant("totp_enabled_at"),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    /** SHA-256 of the unused recovery codes (shown once at enrolment). */
    totpRecoveryHashes: jsonb("totp_recovery_hashes").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("admin_users_account_lower_unique").on(sql`lower(${t.account})`),
    check("admin_users_role_check", sql`${t.role} in ('administrator', 'reviewer', 'operator', 'support')`),
  ],
);

/** Every back-office action: who, when, what, on what, and why. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for actions of the system itself (bootstrap, schedulers). */
    adminUserId: uuid("admin_user_id").references(() => adminUsers.id),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.target),
    // The users a staff read showed (`details.users @> [id]`): a user's trail with reads (audit `aboutUser`).
    index("audit_log_details_users_idx").using("gin", sql`(${t.details} -> 'users') jsonb_path_ops`),
  ],
);

/** Back-office sessions: separate from app sessions, so neither token opens the other API. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    adminUserId: uuid("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull(),
    lastSeenAt: instant("last_seen_at").notNull(),
    idleExpiresAt: instant("idle_expires_at").notNull(),
    absoluteExpiresAt: instant("absolute_expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("admin_sessions_token_hash_idx").on(t.tokenHash),
    index("admin_sessions_admin_user_id_idx").on(t.adminUserId),
  ],
);
