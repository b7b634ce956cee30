import { z } from "zod";
import { SUPPORT_TEXT_MAX } from "./constants.js";
import { idempotencyKey, plainText } from "./envelope.js";
import { cursorPage } from "./identity.js";

/**
 * Customer service (DESIGN §4.1 Service; docs/support.md): a user's conversations with support staff,
 * each a thread of messages (text, or an image re-encoded by the server's image door), and complaints: a
 * thread the user marks as a complaint is acknowledged at once, carries the date its final answer is due
 * (`support.complaintAnswerDays`), is escalated to administrators `support.complaintEscalateDays` before
 * it, and closes only with a written final answer that names the outside route (`support.outsideRoute`).
 */

/** A support image's bytes before re-encoding (the KYC photo limit). */
export const SUPPORT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const SUPPORT_IMAGE_FIELD = "image";

export const SUPPORT_THREAD_STATES = ["open", "resolved"] as const;
export const supportThreadState = z.enum(SUPPORT_THREAD_STATES);

/**
 * Who wrote a message: the user, a staff member, or the platform itself (a complaint's acknowledgment, a
 * complaint's final answer with the outside route, a closing note).
 */
export const SUPPORT_MESSAGE_KINDS = [
  "text",
  "image",
  "complaint",
  "complaintAcknowledged",
  "finalAnswer",
  "resolved",
] as const;
export const supportMessageKind = z.enum(SUPPORT_MESSAGE_KINDS);
export type SupportMessageKind = z.infer<typeof supportMessageKind>;

export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(["user", "staff", "system"]),
  kind: supportMessageKind,
  /** What the user or the staff member wrote; empty for an image or a platform message without text. */
  text: z.string(),
  /** Whether the message carries an image (`support/image {messageId}`). */
  hasImage: z.boolean(),
  /** The values a platform message's text fills in (`dueAt`, `outsideRoute`). */
  params: z.record(z.string(), z.string()),
  /** The staff member's account, for staff messages in the back office only; null in the app. */
  staff: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** A complaint's clock: when it was made, when its final answer is due, escalation and the answer's time. */
export const complaintClock = z.object({
  at: z.string(),
  dueAt: z.string(),
  escalatedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Null until answered; whether the final answer came by the due date. */
  inTime: z.boolean().nullable(),
  /** The outside route named in the final answer (a link), null until answered. */
  outsideRoute: z.string().nullable(),
});
export type ComplaintClock = z.infer<typeof complaintClock>;

export const supportThread = z.object({
  id: z.string(),
  state: supportThreadState,
  /** The first words of the thread's first message. */
  subject: z.string(),
  /** Messages of the other side the reader has not seen. */
  unread: z.number().int().min(0),
  complaint: complaintClock.nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type SupportThread = z.infer<typeof supportThread>;

export const supportThreadDetail = supportThread.extend({ messages: z.array(supportMessage) });
export type SupportThreadDetail = z.infer<typeof supportThreadDetail>;

export const supportThreadsRequest = z.object({ cursor: z.string().max(64).optional() });
export const supportThreadPage = cursorPage(supportThread).extend({
  /** Unread messages over every thread of the user. */
  unread: z.number().int().min(0),
});
export type SupportThreadPage = z.infer<typeof supportThreadPage>;
export const supportThreadRequest = z.object({ id: z.string().uuid() });

/** `support/send {threadId?, text, idempotencyKey}`: no thread starts a new one. */
export const supportSendRequest = z.object({
  threadId: z.string().uuid().optional(),
  text: plainText.min(1).max(SUPPORT_TEXT_MAX),
  idempotencyKey,
});
export type SupportSendRequest = z.infer<typeof supportSendRequest>;

/** The text fields of `support/sendImage` (multipart/form-data); the image is the file part `image`. */
export const supportImageFields = z.object({
  threadId: z.string().uuid().optional(),
  idempotencyKey,
});
export type SupportImageFields = z.infer<typeof supportImageFields>;

/** `support/complain {threadId, text}`: what the complaint is about, in the user's words. */
export const supportComplainRequest = z.object({
  threadId: z.string().uuid(),
  text: plainText.min(1).max(SUPPORT_TEXT_MAX),
});
export type SupportComplainRequest = z.infer<typeof supportComplainRequest>;

export const supportImageRequest = z.object({ messageId: z.string().uuid() });

// ---------------------------------------------------------------------------------------------------
// Back office (support.handle)

export const ADMIN_SUPPORT_FILTERS = [
  "open",
  "mine",
  "unassigned",
  "complaints",
  "escalated",
  "resolved",
] as const;
export const adminSupportFilter = z.enum(ADMIN_SUPPORT_FILTERS);
export type AdminSupportFilter = z.infer<typeof adminSupportFilter>;

export const adminSupportThread = supportThread.extend({
  userId: z.string(),
  userAccount: z.string(),
  /** The staff member the thread is assigned to: id and account, null when nobody has it. */
  assignedTo: z.object({ id: z.string(), account: z.string() }).nullable(),
  resolvedBy: z.string().nullable(),
  /** The closing note (or, for a complaint, the final answer). */
  resolution: z.string().nullable(),
});
export type AdminSupportThread = z.infer<typeof adminSupportThread>;
export const adminSupportThreadDetail = adminSupportThread.extend({ messages: z.array(supportMessage) });
export type AdminSupportThreadDetail = z.infer<typeof adminSupportThreadDetail>;

export const adminSupportThreadsRequest = z.object({
  filter: adminSupportFilter.default("open"),
  cursor: z.string().max(64).optional(),
});
export const adminSupportThreadPage = cursorPage(adminSupportThread);
export type AdminSupportThreadPage = z.infer<typeof adminSupportThreadPage>;

/** `support/stats`: the complaints' counts (all time), and the unread and open threads now. */
export const adminSupportStats = z.object({
  openThreads: z.number().int().min(0),
  unreadThreads: z.number().int().min(0),
  complaints: z.number().int().min(0),
  openComplaints: z.number().int().min(0),
  escalated: z.number().int().min(0),
  answered: z.number().int().min(0),
  answeredInTime: z.number().int().min(0),
  /** The settings the clock runs on now (a complaint keeps the due date it was given). */
  answerDays: z.number().int(),
  escalateDays: z.number().int(),
  outsideRoute: z.string(),
});
export type AdminSupportStats = z.infer<typeof adminSupportStats>;

export const adminSupportReplyRequest = z.object({
  threadId: z.string().uuid(),
  text: plainText.min(1).max(SUPPORT_TEXT_MAX),
  idempotencyKey: idempotencyKey.optional(),
});
export const adminSupportAssignRequest = z.object({
  threadId: z.string().uuid(),
  /** A staff member with support.handle; null leaves the thread to nobody. */
  staffId: z.string().uuid().nullable(),
});
/**
 * `support/resolve {threadId, reason}`: the reason is what the user reads as the thread closes; for a
 * complaint it is the written final answer (at least FINAL_ANSWER_MIN characters), sent with the outside
 * route the platform names (`support.outsideRoute`).
 */
export const adminSupportResolveRequest = z.object({
  threadId: z.string().uuid(),
  reason: plainText.min(1).max(SUPPORT_TEXT_MAX),
});
/** Staff who may take a thread (support.handle), for the assignment list. */
export const adminSupportStaffList = z.object({
  items: z.array(z.object({ id: z.string(), account: z.string() })),
});
