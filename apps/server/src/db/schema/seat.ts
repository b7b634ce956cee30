import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns.js";
import { users } from "./users.js";

/**
 * Seat-account applications (packages/api seat.ts, review kind `seat`): one waiting per user, and none
 * after an approval (a seat is held once); a refused one may be followed by another.
 */
export const seatApplications = pgTable(
  "seat_applications",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    state: text("state").$type<"review" | "approved" | "rejected">().notNull().default("review"),
    reason: text("reason"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    uniqueIndex("seat_applications_one_open")
      .on(t.userId)
      .where(sql`${t.state} in ('review', 'approved')`),
    index("seat_applications_user_idx").on(t.userId, t.seq),
    check("seat_applications_state_check", sql`${t.state} in ('review', 'approved', 'rejected')`),
  ],
);

export type SeatApplicationRow = typeof seatApplications.$inferSelect;
