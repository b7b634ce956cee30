import type { StaffReadAction } from "@brokerage/api";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.js";
import { users } from "../../db/schema/index.js";
import { recordStaffAction, userTarget } from "./record.js";

/** What a read may record besides its subject; never the personal data itself. */
type Details = Record<string, unknown>;

/**
 * The owner of what one call shows: the user's id, or with what the row should name beside the body
 * (the record a default resolved to). Null or undefined: no such record, so the handler answers NOT_FOUND
 * and nothing of anyone's was shown.
 */
export type ReadSubject = string | { userId: string; details: Details } | null | undefined;

/** The audit action of a staff read: its own group, or a reveal (kept with the user's actions). */
export type ReadAction = StaffReadAction | "user.reveal";

/** A read of one user's data: recorded before the handler runs, so no answer leaves unrecorded. */
export interface SubjectRead {
  kind: "subject";
  action: ReadAction;
  subject: (body: unknown, db: Db) => Promise<ReadSubject>;
  details?: ((body: unknown) => Details) | undefined;
  reason?: ((body: unknown) => string) | undefined;
}

/** A list whose items belong to several users: recorded once its page is known, naming those users. */
export interface ListRead {
  kind: "list";
  action: StaffReadAction;
  target: (body: unknown) => string;
  users: (data: unknown) => readonly (string | null)[];
  details?: ((body: unknown) => Details) | undefined;
}

/** A route's declaration of what it reads (requireStaff's `read`). */
export type StaffRead = SubjectRead | ListRead;

/** The body has passed the route's schema by the time these run, so its type is the schema's. */
export function readOfUser<B>(
  action: ReadAction,
  subject: (body: B, db: Db) => Promise<ReadSubject>,
  options: { details?: (body: B) => Details; reason?: (body: B) => string } = {},
): StaffRead {
  return {
    kind: "subject",
    action,
    subject: subject as SubjectRead["subject"],
    details: options.details as SubjectRead["details"],
    reason: options.reason as SubjectRead["reason"],
  };
}

export function readOfList<B, D>(
  action: StaffReadAction,
  target: (body: B) => string,
  shownUsers: (data: D) => readonly (string | null)[],
  details?: (body: B) => Details,
): StaffRead {
  return {
    kind: "list",
    action,
    target: target as ListRead["target"],
    users: shownUsers as ListRead["users"],
    details: details as ListRead["details"],
  };
}

/** The subject of a body naming a user: that user when they exist (an unknown id shows nobody). */
export async function userInBody(body: { userId: string }, db: Db): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  return row?.id ?? null;
}

const isSuccess = (payload: unknown): payload is { status: 1; data: unknown } =>
  typeof payload === "object" && payload !== null && (payload as { status?: unknown }).status === 1;

/**
 * The hook that records `read` for one route. A failed write fails the call (500), so the data is never
 * shown unaudited.
 */
export function readAuditHook(read: StaffRead) {
  if (read.kind === "subject")
    return {
      stage: "preHandler" as const,
      hook: async function auditRead(request: FastifyRequest) {
        const staff = request.staff;
        if (!staff) return;
        const { db, clock } = request.server;
        const found = await read.subject(request.body, db);
        if (!found) return;
        const subject = typeof found === "string" ? { userId: found, details: {} } : found;
        await recordStaffAction(db, staff, {
          action: read.action,
          target: userTarget(subject.userId),
          reason: read.reason?.(request.body),
          details: { ...read.details?.(request.body), ...subject.details },
          at: clock.now(),
        });
      },
    };
  return {
    stage: "preSerialization" as const,
    hook: async function auditListRead(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
      const staff = request.staff;
      if (!staff || !isSuccess(payload)) return payload;
      const shown = [...new Set(read.users(payload.data).filter((id): id is string => id !== null))];
      // An empty page showed no one's data.
      if (shown.length === 0) return payload;
      const { db, clock } = request.server;
      await recordStaffAction(db, staff, {
        action: read.action,
        target: read.target(request.body),
        details: { ...read.details?.(request.body), users: shown },
        at: clock.now(),
      });
      return payload;
    },
  };
}
