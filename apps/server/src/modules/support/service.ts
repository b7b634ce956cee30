import {
  SUPPORT_IMAGE_FIELD,
  SUPPORT_IMAGE_MAX_BYTES,
  supportImageFields,
  type SupportComplainRequest,
  type SupportSendRequest,
  type SupportThreadDetail,
  type SupportThreadPage,
} from "@brokerage/api";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import { DAY, type Clock } from "../../lib/clock.js";
import { seqCursor } from "../../lib/cursor.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { processUploadedImage, readStoredImage } from "../../lib/image-upload.js";
import type { ImageStore } from "../../lib/images.js";
import { MessageService } from "../messages/index.js";
import { getSetting } from "../settings/index.js";
import * as repo from "./repository.js";
import { subjectOf, toMessage, toThread } from "./views.js";

export const SUPPORT_PAGE_SIZE = 20;
export const threadCursor = seqCursor("sup");

interface Deps {
  db: Db;
  clock: Clock;
  images: ImageStore;
  log?: FastifyBaseLogger;
}

/** What a user's send carries besides its thread and key: a text, or the stored name of an image. */
type Content = { kind: "text"; text: string } | { kind: "image"; image: string };

/**
 * The user's side of customer service (docs/support.md): their threads, sending text and images, and
 * turning a thread into a complaint. Every query is scoped by the user: another user's thread answers
 * NOT_FOUND, exactly like one that does not exist.
 */
export class SupportService {
  private readonly messages: MessageService;

  constructor(private readonly deps: Deps) {
    this.messages = new MessageService({ db: deps.db, clock: deps.clock });
  }

  async threads(userId: string, after?: string): Promise<SupportThreadPage> {
    const { db } = this.deps;
    const beforeSeq = after === undefined ? undefined : threadCursor.decode(after);
    const rows = await repo.threadPage(db, {
      reader: "user",
      where: repo.ownThreads(userId),
      beforeSeq,
      limit: SUPPORT_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, SUPPORT_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toThread),
      nextCursor: rows.length > SUPPORT_PAGE_SIZE && last ? threadCursor.encode(last.seq) : null,
      unread: await repo.userUnread(db, userId),
    };
  }

  /** The thread with its messages; reading it marks them seen. */
  async thread(userId: string, id: string): Promise<SupportThreadDetail> {
    const { db } = this.deps;
    const row = await repo.threadRow(db, id, userId);
    if (!row) throw new DomainError("NOT_FOUND");
    await repo.markSeen(db, id, "user");
    return this.detail(db, userId, id);
  }

  async send(userId: string, body: SupportSendRequest): Promise<SupportThreadDetail> {
    return this.deliver(userId, body.threadId, body.idempotencyKey, { kind: "text", text: body.text });
  }

  /** An image (multipart fields and bytes): checked and re-encoded by the image door before it is kept. */
  async sendImage(
    userId: string,
    fields: Partial<Record<"threadId" | "idempotencyKey", string>>,
    bytes: Buffer | undefined,
  ): Promise<SupportThreadDetail> {
    const parsed = supportImageFields.safeParse(fields);
    if (!parsed.success) {
      throw new DomainError("INVALID_INPUT", { field: String(parsed.error.issues[0]?.path[0] ?? "body") });
    }
    if (!bytes) throw new DomainError("INVALID_INPUT", { field: "image" });
    const { threadId, idempotencyKey } = parsed.data;
    // A retry answers the first send without storing the image twice.
    const earlier = await repo.messageByKey(this.deps.db, { userId, key: idempotencyKey });
    if (earlier) return this.retried(userId, earlier, threadId, { kind: "image", image: "" });
    const clean = await processUploadedImage(bytes, SUPPORT_IMAGE_FIELD, SUPPORT_IMAGE_MAX_BYTES);
    const image = await this.deps.images.save(clean);
    try {
      const answer = await this.deliver(userId, threadId, idempotencyKey, { kind: "image", image });
      // A concurrent twin won: its image is the one kept.
      const kept = await repo.messageByKey(this.deps.db, { userId, key: idempotencyKey });
      if (kept?.image !== image) await this.deps.images.remove(image);
      return answer;
    } catch (error) {
      await this.deps.images.remove(image);
      throw error;
    }
  }

  /**
   * One message, once per key: a retry answers the thread as it is (IDEMPOTENCY_CONFLICT when the key
   * came with another message); two sends with one key at the same time write one message (the unique
   * index decides, and the loser answers as a retry).
   */
  private async deliver(
    userId: string,
    threadId: string | undefined,
    key: string,
    content: Content,
  ): Promise<SupportThreadDetail> {
    const { db, clock } = this.deps;
    for (let attempt = 0; ; attempt++) {
      const earlier = await repo.messageByKey(db, { userId, key });
      if (earlier) return this.retried(userId, earlier, threadId, content);
      try {
        const id = await db.transaction(async (tx) => {
          const at = clock.now();
          let id = threadId;
          if (id === undefined) {
            const subject = content.kind === "text" ? subjectOf(content.text) : "";
            id = (await repo.insertThread(tx, { userId, subject, createdAt: at, lastMessageAt: at })).id;
          } else {
            const thread = await repo.threadRow(tx, id, userId);
            if (!thread) throw new DomainError("NOT_FOUND");
            if (thread.state === "resolved") throw new DomainError("SUPPORT_THREAD_CLOSED");
          }
          await repo.insertMessage(tx, {
            threadId: id,
            userId,
            author: "user",
            kind: content.kind,
            text: content.kind === "text" ? content.text : "",
            image: content.kind === "image" ? content.image : null,
            idempotencyKey: key,
            createdAt: at,
          });
          // The sender has seen their own thread up to their message.
          await repo.markSeen(tx, id, "user");
          return id;
        });
        return await this.detail(db, userId, id);
      } catch (error) {
        if (attempt === 0 && uniqueViolation(error) === "support_messages_user_key_idx") continue;
        throw error;
      }
    }
  }

  private async retried(
    userId: string,
    earlier: { threadId: string; kind: string; text: string },
    threadId: string | undefined,
    content: Content,
  ): Promise<SupportThreadDetail> {
    const same =
      (threadId === undefined || threadId === earlier.threadId) &&
      earlier.kind === content.kind &&
      (content.kind !== "text" || content.text === earlier.text);
    if (!same) throw new DomainError("IDEMPOTENCY_CONFLICT");
    return this.detail(this.deps.db, userId, earlier.threadId);
  }

  /**
   * Makes the thread a complaint: acknowledged at once (a message in the thread and one in the inbox) with
   * the date its final answer is due. A thread that is a complaint already answers as it is (a doubled
   * call acknowledges once); a closed one is SUPPORT_THREAD_CLOSED.
   */
  async complain(userId: string, body: SupportComplainRequest): Promise<SupportThreadDetail> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const thread = await repo.threadRow(tx, body.threadId, userId);
      if (!thread) throw new DomainError("NOT_FOUND");
      if (thread.complaintAt !== null) return;
      if (thread.state === "resolved") throw new DomainError("SUPPORT_THREAD_CLOSED");
      const at = clock.now();
      const days = await getSetting(tx, "support.complaintAnswerDays");
      const dueAt = new Date(at.getTime() + days * DAY);
      if (!(await repo.markComplaint(tx, { id: thread.id, at, dueAt }))) return;
      const dueText = dueAt.toISOString();
      await repo.insertMessage(tx, {
        threadId: thread.id,
        userId,
        author: "user",
        kind: "complaint",
        text: body.text,
        createdAt: at,
      });
      await repo.insertMessage(tx, {
        threadId: thread.id,
        userId,
        author: "system",
        kind: "complaintAcknowledged",
        params: { dueAt: dueText, days: String(days) },
        createdAt: at,
      });
      await repo.markSeen(tx, thread.id, "user");
      await this.messages.send(tx, { userId, kind: "complaintAcknowledged", params: { dueAt: dueText } });
    });
    return this.detail(db, userId, body.threadId);
  }

  async ownImage(userId: string, messageId: string): Promise<Buffer> {
    const name = await repo.ownImage(this.deps.db, { messageId, userId });
    if (!name) throw new DomainError("NOT_FOUND");
    return readStoredImage(this.deps.images, name, this.deps.log);
  }

  private async detail(db: Db, userId: string, id: string): Promise<SupportThreadDetail> {
    const row = await repo.findThread(db, { id, reader: "user", userId });
    if (!row) throw new DomainError("NOT_FOUND");
    const messages = await repo.threadMessages(db, id);
    return { ...toThread(row), messages: messages.map((m) => toMessage(m, false)) };
  }
}
