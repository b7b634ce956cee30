import type { Message, MessageKind } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { seqCursor } from "../../lib/cursor.js";
import * as repo from "./repository.js";

export const MESSAGE_PAGE_SIZE = 20;

export interface NewMessage {
  userId: string;
  kind: MessageKind;
  /** The values the locale's `messages.<kind>` texts fill in (a reason, a score …). */
  params?: Record<string, string>;
}

export interface MessagePage {
  items: Message[];
  nextCursor: string | null;
}

interface Deps {
  db: Db;
  clock: Clock;
}

const cursor = seqCursor("msg");

function toMessage(row: {
  id: string;
  kind: string;
  params: Record<string, string>;
  createdAt: Date;
  readAt: Date | null;
}): Message {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * The user's inbox (DESIGN §5 Messages). Other modules put a message in it with `send`, inside their
 * own transaction, so the message exists exactly when the decision it tells of does.
 */
export class MessageService {
  constructor(private readonly deps: Deps) {}

  /** `tx` is the caller's transaction (or the database, when there is nothing else to commit with it). */
  async send(tx: Db, { userId, kind, params = {} }: NewMessage): Promise<void> {
    await repo.insertMessage(tx, { userId, kind, params, createdAt: this.deps.clock.now() });
  }

  /** Several messages in one statement, in `tx` (many users told of one event: alerts crossed by one tick). */
  async sendAll(tx: Db, batch: readonly NewMessage[]): Promise<void> {
    const createdAt = this.deps.clock.now();
    await repo.insertMessages(
      tx,
      batch.map(({ userId, kind, params = {} }) => ({ userId, kind, params, createdAt })),
    );
  }

  /**
   * Sends the message unless the user already has one of its kind with these params (a warning told once:
   * the caller holds a lock that serialises the senders); true when it was sent now.
   */
  async sendOnce(tx: Db, message: NewMessage & { once: Record<string, string> }): Promise<boolean> {
    const { userId, kind, once } = message;
    if (await repo.exists(tx, { userId, kind, params: once })) return false;
    await this.send(tx, { userId, kind, params: { ...message.params, ...once } });
    return true;
  }

  /** Newest first, MESSAGE_PAGE_SIZE a page; `nextCursor` is null on the last page. */
  async list(userId: string, after?: string): Promise<MessagePage> {
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    // One row more than a page tells whether another page follows without a count.
    const rows = await repo.listPage(this.deps.db, { userId, beforeSeq, limit: MESSAGE_PAGE_SIZE + 1 });
    const page = rows.slice(0, MESSAGE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toMessage),
      nextCursor: rows.length > MESSAGE_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  /**
   * Idempotent: reading a read message changes nothing (the first read time stays). Another user's
   * message answers exactly like one that does not exist, so ids of others cannot be probed.
   */
  async read(userId: string, id: string): Promise<Message> {
    const { db, clock } = this.deps;
    await repo.markRead(db, { userId, id, at: clock.now() });
    const row = await repo.findOne(db, { userId, id });
    if (!row) throw new DomainError("NOT_FOUND");
    return toMessage(row);
  }

  async unreadCount(userId: string): Promise<{ count: number }> {
    return { count: await repo.countUnread(this.deps.db, userId) };
  }
}
