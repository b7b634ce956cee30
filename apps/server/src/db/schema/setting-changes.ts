import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.js";
import { instant } from "./columns.js";

/**
 * A change of a control setting (packages/api CONTROL_SETTINGS) asked for by one administrator, waiting
 * for a second one (review kind `settingChange`): `before` is the value in use when it was asked for,
 * `after` the value it puts in use (the default when `reset`). At most one pending per key, so the
 * value a reviewer approves against is the one in use.
 */
export const settingChanges = pgTable(
  "setting_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
    reset: boolean("reset").notNull().default(false),
    reason: text("reason").notNull(),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => adminUsers.id),
    state: text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    uniqueIndex("setting_changes_one_pending")
      .on(t.key)
      .where(sql`${t.state} = 'pending'`),
    check("setting_changes_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
  ],
);
