import type { MessageKind, ReviewKind } from "@brokerage/api";
import type { Db } from "../../db/index.js";

/** A review row as a handler sees it: `userId` null for a request about the platform (PlatformReviewHandler). */
export interface ReviewRef<User extends string | null = string> {
  id: string;
  kind: ReviewKind;
  /** The feature's own row (a KYC submission, a deposit …). */
  subjectId: string;
  userId: User;
}

/** A message kind, or how to choose it from the outcome's params. */
export type MessageChoice = MessageKind | ((params: Readonly<Record<string, string>>) => MessageKind);

/** The staff member deciding. */
export interface Decider {
  id: string;
  account: string;
}

/**
 * Registers what to do once the decision has committed: telling another part of the system (the
 * matching engine, say) of a row it may read only then. Never run if the decision rolls back; run in
 * the order registered, and a failing one is logged, not answered (the decision stands).
 */
export type AfterCommit = (effect: () => void) => void;

/**
 * What a feature registers for its review kind (DESIGN §5 Reviews). The reviews module owns the queue,
 * the permission check, the four-eyes rule, the audit record and the message; a handler only knows its
 * own rows. `approve` and `reject` run inside the decision's transaction (`tx`): the decision and its
 * effects commit together or not at all; whatever must wait for the commit goes to `afterCommit`.
 */
export interface ReviewHandler {
  kind: ReviewKind;
  platform?: false;
  /** What the reviewer needs beside each request, keyed by subject id (strings only; photos by id). */
  subjects(db: Db, subjectIds: readonly string[]): Promise<Map<string, Record<string, string | null>>>;
  /** The final approval (after four-eyes, when the review needs two). */
  approve(tx: Db, review: ReviewRef, decider: Decider, afterCommit: AfterCommit): Promise<void>;
  reject(
    tx: Db,
    review: ReviewRef,
    decider: Decider,
    reason: string,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /**
   * The message the user receives on each outcome; the reviews module sends it (params: `reason`, then
   * the handler's `messageParams`). null: no message on that outcome (a request the user never made,
   * such as a staff adjustment another administrator turns down). A function picks the kind from those
   * params, for an outcome worded apart in some cases (a block trade approved without a lock).
   */
  messages: { approved: MessageChoice; rejected: MessageChoice | null };
  /**
   * What the outcome's message says beside the decision's reason (an amount, a currency), read in the
   * decision's transaction after the effect; a `reason` here replaces the decider's.
   */
  messageParams?(
    tx: Db,
    review: ReviewRef,
    outcome: "approved" | "rejected",
  ): Promise<Record<string, string>>;
}

/**
 * A kind whose requests are about the platform, not a user (a control setting's change): its reviews have
 * no user, so nobody's inbox gets a message; the rest is as for ReviewHandler.
 */
export interface PlatformReviewHandler {
  kind: ReviewKind;
  platform: true;
  subjects: ReviewHandler["subjects"];
  approve(tx: Db, review: ReviewRef<null>, decider: Decider, afterCommit: AfterCommit): Promise<void>;
  reject(
    tx: Db,
    review: ReviewRef<null>,
    decider: Decider,
    reason: string,
    afterCommit: AfterCommit,
  ): Promise<void>;
}

export type AnyReviewHandler = ReviewHandler | PlatformReviewHandler;

/** Handlers by kind; features register theirs when their routes are registered. */
export class ReviewRegistry {
  private readonly handlers = new Map<ReviewKind, AnyReviewHandler>();

  register(handler: AnyReviewHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`review handler ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler);
  }

  /**
   * Puts `handler` in the place of the one registered for its kind, or of none. For tests that stand a
   * fake in for a feature's handler (the reviews module's own tests); features register once.
   */
  replace(handler: AnyReviewHandler): void {
    this.handlers.set(handler.kind, handler);
  }

  /** Leaves a kind without a handler (tests of a kind nobody handles); features never unregister. */
  remove(kind: ReviewKind): void {
    this.handlers.delete(kind);
  }

  get(kind: ReviewKind): AnyReviewHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): ReviewKind[] {
    return [...this.handlers.keys()];
  }
}
