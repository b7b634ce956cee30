import type {
  AdminSupportThread,
  ComplaintClock,
  SupportMessage,
  SupportMessageKind,
  SupportThread,
} from "@brokerage/api";
import type { MessageView, ThreadView } from "./repository.js";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function complaintOf(row: ThreadView): ComplaintClock | null {
  if (row.complaintAt === null || row.answerDueAt === null) return null;
  const answeredAt = row.resolvedAt;
  return {
    at: row.complaintAt.toISOString(),
    dueAt: row.answerDueAt.toISOString(),
    escalatedAt: iso(row.escalatedAt),
    answeredAt: iso(answeredAt),
    inTime: answeredAt === null ? null : answeredAt.getTime() <= row.answerDueAt.getTime(),
    outsideRoute: row.outsideRoute,
  };
}

export function toThread(row: ThreadView): SupportThread {
  return {
    id: row.id,
    state: row.state,
    subject: row.subject,
    unread: row.unread,
    complaint: complaintOf(row),
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

export function toAdminThread(row: ThreadView): AdminSupportThread {
  return {
    ...toThread(row),
    userId: row.userId,
    userAccount: row.userAccount,
    assignedTo:
      row.assignedId !== null && row.assignedAccount !== null
        ? { id: row.assignedId, account: row.assignedAccount }
        : null,
    resolvedBy: row.resolvedByAccount,
    resolution: row.resolution,
  };
}

/** A message; the staff member's account is shown in the back office only (`withStaff`). */
export function toMessage(row: MessageView, withStaff: boolean): SupportMessage {
  return {
    id: row.id,
    author: row.author,
    kind: row.kind as SupportMessageKind,
    text: row.text,
    hasImage: row.image !== null,
    params: row.params,
    staff: withStaff ? row.staff : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A thread's subject: the first words of its first message. */
export function subjectOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
}
