import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.js";
import { instant } from "./columns.js";
import { users } from "./users.js";

/**
 * A user's conversation with support staff (docs/support.md). Unread counts come from the last message
 * each side has seen (`user_read_seq`, `staff_read_seq`, message seqs). A complaint carries its clock: made
 * at `complaint_at`, its final answer due by `answer_due_at` (fixed when it was made), escalated to
 * administrators at `escalated_at`; it closes (`resolved_at`) only with a written final answer
 * (`resolution`) naming `outside_route`.
 */
export const supportThreads = pgTable(
  "support_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    subject: text("subject").notNull(),
    state: text("state").$type<"open" | "resolved">().notNull().default("open"),
    assignedTo: uuid("assigned_to").references(() => adminUsers.id),
    userReadSeq: bigint("user_read_seq", { mode: "number" }).notNull().default(0),
    staffReadSeq: bigint("staff_read_seq", { mode: "number" }).notNull().default(0),
    complaintAt: instant("complaint_at"),
    answerDueAt: instant("answer_due_at"),
    escalatedAt: instant("escalated_at"),
    resolvedAt: instant("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => adminUsers.id),
    resolution: text("resolution"),
    outsideRoute: text("outside_route"),
    createdAt: instant("created_at").notNull(),
    lastMessageAt: instant("last_message_at").notNull(),
  },
  (t) => [
    index("support_threads_user_idx").on(t.userId, t.seq.desc()),
    index("support_threads_seq_idx").on(t.seq.desc()),
    // The scheduler's leader looks for unanswered complaints to escalate.
    index("support_threads_due_idx")
      .on(t.answerDueAt)
      .where(sql`${t.complaintAt} is not null and ${t.resolvedAt} is null and ${t.escalatedAt} is null`),
    check("support_threads_state_check", sql`${t.state} in ('open', 'resolved')`),
    check(
      "support_threads_resolved_check",
      sql`(${t.state} = 'resolved') = (${t.resolvedAt} is not null and ${t.resolution} is not null)`,
    ),
    check("support_threads_complaint_check", sql`(${t.complaintAt} is null) = (${t.answerDueAt} is null)`),
  ],
);

/**
 * One message of a thread: the user's or a staff member's text or image (a name in the private image
 * store), or the platform's own (`system`: a complaint's acknowledgment, its final answer). A user's send
 * carries its idempotency key, unique per user, so a retried or doubled send is one message.
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => supportThreads.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    author: text("author").$type<"user" | "staff" | "system">().notNull(),
    kind: text("kind").notNull(),
    staffId: uuid("staff_id").references(() => adminUsers.id),
    text: text("text").notNull().default(""),
    image: text("image"),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text("idempotency_key"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("support_messages_thread_idx").on(t.threadId, t.seq),
    uniqueIndex("support_messages_user_key_idx")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.author} = 'user' and ${t.idempotencyKey} is not null`),
    uniqueIndex("support_messages_staff_key_idx")
      .on(t.staffId, t.idempotencyKey)
      .where(sql`${t.author} = 'staff' and ${t.idempotencyKey} is not null`),
    check("support_messages_author_check", sql`${t.author} in ('user', 'staff', 'system')`),
    check("support_messages_staff_check", sql`(${t.author} = 'staff') = (${t.staffId} is not null)`),
  ],
);

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
