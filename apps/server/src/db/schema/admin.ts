import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { AdminRole } from "@brokerage/api";
import { instant, timestamps } from "./columns.js";

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    account: text("account").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<AdminRole>().notNull(),
    disabled: boolean("disabled").notNull().default(false),
    ...timestamps,
  },
  (t) => [
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
  (t) => [index("audit_log_created_at_idx").on(t.createdAt), index("audit_log_target_idx").on(t.target)],
);
