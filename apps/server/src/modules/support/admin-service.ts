import {
  can,
  FINAL_ANSWER_MIN,
  type AdminSupportFilter,
  type AdminSupportStats,
  type AdminSupportThreadDetail,
  type AdminSupportThreadPage,
} from "@brokerage/api";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { readStoredImage } from "../../lib/image-upload.js";
import type { ImageStore } from "../../lib/images.js";
import { recordStaffAction } from "../audit/index.js";
import { MessageService } from "../messages/index.js";
import { getSettings } from "../settings/index.js";
import type { StaffAuth } from "../staff/index.js";
import * as repo from "./repository.js";
import { SUPPORT_PAGE_SIZE, threadCursor } from "./service.js";
import { toAdminThread, toMessage } from "./views.js";

interface Deps {
  db: Db;
  clock: Clock;
  images: ImageStore;
  log?: FastifyBaseLogger;
}

type Staff = Pick<StaffAuth, "id" | "account">;

export const supportTarget = (threadId: string) => `support:${threadId}`;

/**
 * The back office's support inbox (support.handle; docs/support.md): threads with what staff have not
 * read, assignment, replies, closing; a complaint closes only with a written final answer, to which the
 * platform adds the outside route. Every change is audited in its own transaction; reads are audited by
 * the routes' guards.
 */
export class SupportAdminService {
  private readonly messages: MessageService;

  constructor(private readonly deps: Deps) {
    this.messages = new MessageService({ db: deps.db, clock: deps.clock });
  }

  async threads(staff: Staff, filter: AdminSupportFilter, after?: string): Promise<AdminSupportThreadPage> {
    const beforeSeq = after === undefined ? undefined : threadCursor.decode(after);
    const rows = await repo.threadPage(this.deps.db, {
      reader: "staff",
      where: repo.filterOf(filter, staff.id),
      beforeSeq,
      limit: SUPPORT_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, SUPPORT_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toAdminThread),
      nextCursor: rows.length > SUPPORT_PAGE_SIZE && last ? threadCursor.encode(last.seq) : null,
    };
  }

  /** The thread with its messages; reading it marks the user's messages seen by staff. */
  async thread(id: string): Promise<AdminSupportThreadDetail> {
    const { db } = this.deps;
    if (!(await repo.threadRow(db, id))) throw new DomainError("NOT_FOUND");
    await repo.markSeen(db, id, "staff");
    return this.detail(db, id);
  }

  async stats(): Promise<AdminSupportStats> {
    const { db } = this.deps;
    const [counts, settings] = await Promise.all([
      repo.stats(db),
      getSettings(db, [
        "support.complaintAnswerDays",
        "support.complaintEscalateDays",
        "support.outsideRoute",
      ]),
    ]);
    return {
      openThreads: counts?.openThreads ?? 0,
      unreadThreads: counts?.unreadThreads ?? 0,
      complaints: counts?.complaints ?? 0,
      openComplaints: counts?.openComplaints ?? 0,
      escalated: counts?.escalated ?? 0,
      answered: counts?.answered ?? 0,
      answeredInTime: counts?.answeredInTime ?? 0,
      answerDays: settings["support.complaintAnswerDays"],
      escalateDays: settings["support.complaintEscalateDays"],
      outsideRoute: settings["support.outsideRoute"],
    };
  }

  /** Staff who may take a thread: active, with a role that handles support. */
  async staff() {
    const rows = await repo.activeStaff(this.deps.db);
    return {
      items: rows.filter((r) => can(r.role, "support.handle")).map(({ id, account }) => ({ id, account })),
    };
  }

  /**
   * A staff answer. The user's inbox is told when this is the first answer they have not read yet (not
   * once per line of a conversation). A retry with the same key answers the thread as it is.
   */
  async reply(
    staff: Staff,
    body: { threadId: string; text: string; idempotencyKey?: string | undefined },
  ): Promise<AdminSupportThreadDetail> {
    const { db, clock } = this.deps;
    const key = body.idempotencyKey;
    if (key !== undefined) {
      const earlier = await repo.staffMessageByKey(db, { staffId: staff.id, key });
      if (earlier) {
        if (earlier.threadId !== body.threadId || earlier.text !== body.text)
          throw new DomainError("IDEMPOTENCY_CONFLICT");
        return this.detail(db, body.threadId);
      }
    }
    await db.transaction(async (tx) => {
      const thread = await repo.threadRow(tx, body.threadId);
      if (!thread) throw new DomainError("NOT_FOUND");
      if (thread.state === "resolved") throw new DomainError("ORDER_STATE_INVALID");
      const at = clock.now();
      const before = await repo.findThread(tx, { id: thread.id, reader: "user" });
      await repo.insertMessage(tx, {
        threadId: thread.id,
        userId: thread.userId,
        author: "staff",
        kind: "text",
        staffId: staff.id,
        text: body.text,
        idempotencyKey: key ?? null,
        createdAt: at,
      });
      await repo.markSeen(tx, thread.id, "staff");
      if ((before?.unread ?? 0) === 0)
        await this.messages.send(tx, { userId: thread.userId, kind: "supportReplied" });
      await recordStaffAction(tx, staff, {
        action: "support.reply",
        target: supportTarget(thread.id),
        details: { users: [thread.userId], complaint: thread.complaintAt !== null },
        at,
      });
    });
    return this.detail(db, body.threadId);
  }

  async assign(staff: Staff, body: { threadId: string; staffId: string | null }) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const thread = await repo.threadRow(tx, body.threadId);
      if (!thread) throw new DomainError("NOT_FOUND");
      if (body.staffId !== null) {
        const member = (await repo.activeStaff(tx)).find((s) => s.id === body.staffId);
        if (!member || !can(member.role, "support.handle"))
          throw new DomainError("SUPPORT_STAFF_UNAVAILABLE");
      }
      if (thread.assignedTo === body.staffId) return;
      await repo.assign(tx, { id: thread.id, staffId: body.staffId });
      await recordStaffAction(tx, staff, {
        action: "support.assign",
        target: supportTarget(thread.id),
        details: { users: [thread.userId], from: thread.assignedTo, to: body.staffId },
        at: clock.now(),
      });
    });
    return this.detail(db, body.threadId);
  }

  /**
   * Closes a thread with what the user reads as it closes. A complaint closes only with a written final
   * answer (at least FINAL_ANSWER_MIN characters), sent with the outside route of `support.outsideRoute`
   * and told in the inbox; a closed thread is ORDER_STATE_INVALID.
   */
  async resolve(staff: Staff, body: { threadId: string; reason: string }) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const thread = await repo.threadRow(tx, body.threadId);
      if (!thread) throw new DomainError("NOT_FOUND");
      if (thread.state === "resolved") throw new DomainError("ORDER_STATE_INVALID");
      const complaint = thread.complaintAt !== null;
      if (complaint && body.reason.length < FINAL_ANSWER_MIN)
        throw new DomainError("SUPPORT_FINAL_ANSWER_TOO_SHORT", { minLength: String(FINAL_ANSWER_MIN) });
      const at = clock.now();
      const outsideRoute = complaint
        ? (await getSettings(tx, ["support.outsideRoute"]))["support.outsideRoute"]
        : null;
      if (
        !(await repo.resolve(tx, {
          id: thread.id,
          at,
          staffId: staff.id,
          resolution: body.reason,
          outsideRoute,
        }))
      )
        throw new DomainError("ORDER_STATE_INVALID");
      await repo.insertMessage(tx, {
        threadId: thread.id,
        userId: thread.userId,
        author: "system",
        kind: complaint ? "finalAnswer" : "resolved",
        text: body.reason,
        params: outsideRoute === null ? {} : { outsideRoute },
        createdAt: at,
      });
      await repo.markSeen(tx, thread.id, "staff");
      const inTime = complaint && thread.answerDueAt !== null ? at <= thread.answerDueAt : null;
      if (complaint && outsideRoute !== null)
        await this.messages.send(tx, {
          userId: thread.userId,
          kind: "complaintAnswered",
          params: { outsideRoute },
        });
      await recordStaffAction(tx, staff, {
        action: "support.resolve",
        target: supportTarget(thread.id),
        reason: body.reason,
        details: { users: [thread.userId], complaint, inTime },
        at,
      });
    });
    return this.detail(db, body.threadId);
  }

  async image(messageId: string): Promise<Buffer> {
    const row = await repo.imageOf(this.deps.db, messageId);
    if (!row?.image) throw new DomainError("NOT_FOUND");
    return readStoredImage(this.deps.images, row.image, this.deps.log);
  }

  private async detail(db: Db, id: string): Promise<AdminSupportThreadDetail> {
    const row = await repo.findThread(db, { id, reader: "staff" });
    if (!row) throw new DomainError("NOT_FOUND");
    const messages = await repo.threadMessages(db, id);
    return { ...toAdminThread(row), messages: messages.map((m) => toMessage(m, true)) };
  }
}
