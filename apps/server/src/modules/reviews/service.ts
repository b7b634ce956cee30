import {
  ADMIN_PAGE_SIZE,
  type ReviewDecideRequest,
  type ReviewItem,
  type ReviewKind,
  type ReviewSummary,
} from "@brokerage/api";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction, reviewTarget } from "../audit/index.js";
import { seqCursor } from "../../lib/cursor.js";
import type { MessageService } from "../messages/index.js";
import type { StaffAuth } from "../staff/index.js";
import type {
  AfterCommit,
  AnyReviewHandler,
  Decider,
  MessageChoice,
  ReviewRef,
  ReviewRegistry,
} from "./registry.js";
import * as repo from "./repository.js";

/** Audit actions of the queue. */
export const REVIEW_AUDIT = {
  approve: "review.approve",
  reject: "review.reject",
  firstApproval: "review.firstApproval",
} as const;

const cursor = seqCursor("rev");

interface Deps {
  db: Db;
  clock: Clock;
  registry: ReviewRegistry;
  messages: MessageService;
  /** Where an after-commit effect that fails is reported. */
  log?: FastifyBaseLogger | undefined;
}

type Listed = { review: repo.ReviewRow; account: string | null };

function toItem({ review, account }: Listed, subject: Record<string, string | null> | undefined): ReviewItem {
  return {
    id: review.id,
    kind: review.kind as ReviewKind,
    state: review.state,
    userId: review.userId,
    account,
    createdAt: review.createdAt.toISOString(),
    decidedAt: review.decidedAt?.toISOString() ?? null,
    reason: review.reason,
    approvals: review.approvals,
    approvalsNeeded: review.approvalsNeeded,
    subject: subject ?? {},
  };
}

const kindOf = (choice: MessageChoice, params: Record<string, string>) =>
  typeof choice === "function" ? choice(params) : choice;

const refOf = <User extends string | null>(review: repo.ReviewRow, userId: User): ReviewRef<User> => ({
  id: review.id,
  kind: review.kind as ReviewKind,
  subjectId: review.subjectId,
  userId,
});

/**
 * The one review queue (DESIGN §5 Reviews): features register a handler per kind; this service owns
 * paging, the four-eyes rule, the decision's transaction, its audit row and the user's message.
 */
export class ReviewService {
  constructor(private readonly deps: Deps) {}

  /** Newest first by seq, ADMIN_PAGE_SIZE a page; a kind without a handler has an empty queue. */
  async list(request: {
    kind: ReviewKind;
    state?: repo.ReviewRow["state"] | undefined;
    cursor?: string | undefined;
  }) {
    const beforeSeq = request.cursor === undefined ? undefined : cursor.decode(request.cursor);
    const handler = this.deps.registry.get(request.kind);
    if (!handler) return { items: [], nextCursor: null };
    const rows = await repo.listPage(this.deps.db, {
      kind: request.kind,
      state: request.state,
      beforeSeq,
      limit: ADMIN_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const subjects = await this.subjectsOf(handler, page);
    const last = page.at(-1);
    return {
      items: page.map((row) => toItem(row, subjects.get(row.review.subjectId))),
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.review.seq) : null,
    };
  }

  async summary(): Promise<ReviewSummary> {
    const kinds = this.deps.registry.kinds();
    const counts = new Map((await repo.pendingCounts(this.deps.db, kinds)).map((c) => [c.kind, c.pending]));
    return { kinds: kinds.map((kind) => ({ kind, pending: counts.get(kind) ?? 0 })) };
  }

  /**
   * One transaction: the review row changes only if it is still pending with the approvals that were read
   * (so of two concurrent decisions exactly one wins, the other answering ORDER_STATE_INVALID), then the
   * handler's effect, the user's message and the audit row. A review needing two approvals stays pending
   * after the first, recording its approver; the same staff member cannot give the second (SAME_APPROVER).
   * What the handler registers with `afterCommit` runs once the transaction has committed, never before.
   */
  async decide(staff: StaffAuth, request: ReviewDecideRequest): Promise<ReviewItem> {
    const { db, clock, registry } = this.deps;
    const handler = registry.get(request.kind);
    if (!handler) throw new DomainError("NOT_FOUND");
    const effects: (() => void)[] = [];
    const afterCommit: AfterCommit = (effect) => void effects.push(effect);
    const decided = await db.transaction(async (tx): Promise<Listed> => {
      const found = await repo.findWithAccount(tx, { kind: request.kind, id: request.id });
      if (!found) throw new DomainError("NOT_FOUND");
      const { review } = found;
      if (review.state !== "pending") throw new DomainError("ORDER_STATE_INVALID");
      const at = clock.now();
      const seen = review.approvals.length;
      const reason = request.reason === "" ? null : request.reason;
      const audit = (action: string, row: repo.ReviewRow) =>
        recordStaffAction(tx, staff, {
          action,
          target: reviewTarget(review.id),
          reason,
          details: {
            kind: review.kind,
            subjectId: review.subjectId,
            userId: review.userId,
            approvals: row.approvals.length,
            approvalsNeeded: row.approvalsNeeded,
          },
          at,
        });
      const stale = () => new DomainError("ORDER_STATE_INVALID");

      if (request.decision === "approve") {
        if (review.approvals.some((a) => a.adminUserId === staff.id)) throw new DomainError("SAME_APPROVER");
        const approval = { adminUserId: staff.id, at: at.toISOString() };
        if (seen + 1 < review.approvalsNeeded) {
          const row = await repo.addApproval(tx, { id: review.id, seen, approval });
          if (!row) throw stale();
          await audit(REVIEW_AUDIT.firstApproval, row);
          return { review: row, account: found.account };
        }
        const row = await repo.decide(tx, {
          id: review.id,
          seen,
          state: "approved",
          approval,
          reason,
          decidedBy: staff.id,
          at,
        });
        if (!row) throw stale();
        await this.effect(tx, handler, row, { outcome: "approved", decider: staff, reason }, afterCommit);
        await audit(REVIEW_AUDIT.approve, row);
        return { review: row, account: found.account };
      }

      const row = await repo.decide(tx, {
        id: review.id,
        seen,
        state: "rejected",
        approval: undefined,
        reason,
        decidedBy: staff.id,
        at,
      });
      if (!row) throw stale();
      const decision = { outcome: "rejected", decider: staff, reason: request.reason } as const;
      await this.effect(tx, handler, row, decision, afterCommit);
      await audit(REVIEW_AUDIT.reject, row);
      return { review: row, account: found.account };
    });
    this.runCommitted(effects, decided.review);
    const subjects = await this.subjectsOf(handler, [decided]);
    return toItem(decided, subjects.get(decided.review.subjectId));
  }

  /**
   * The handler's effect of the final decision, then the user's message (params: the decision's reason,
   * then the handler's); a request about the platform has no user to tell.
   */
  private async effect(
    tx: Db,
    handler: AnyReviewHandler,
    row: repo.ReviewRow,
    decision:
      | { outcome: "approved"; decider: Decider; reason: string | null }
      | { outcome: "rejected"; decider: Decider; reason: string },
    afterCommit: AfterCommit,
  ): Promise<void> {
    const { outcome, decider, reason } = decision;
    if (handler.platform) {
      if (row.userId !== null) throw new Error(`review ${row.id} of platform kind ${row.kind} names a user`);
      const ref = refOf(row, null);
      if (outcome === "approved") await handler.approve(tx, ref, decider, afterCommit);
      else await handler.reject(tx, ref, decider, decision.reason, afterCommit);
      return;
    }
    if (row.userId === null) throw new Error(`review ${row.id} of kind ${row.kind} names no user`);
    const ref = refOf(row, row.userId);
    if (outcome === "approved") await handler.approve(tx, ref, decider, afterCommit);
    else await handler.reject(tx, ref, decider, decision.reason, afterCommit);
    const choice = handler.messages[outcome];
    if (choice === null) return;
    const params = {
      ...(reason === null ? {} : { reason }),
      ...(await handler.messageParams?.(tx, ref, outcome)),
    };
    await this.deps.messages.send(tx, { userId: ref.userId, kind: kindOf(choice, params), params });
  }

  /** The decision stands once committed: an effect that throws is logged, and the others still run. */
  private runCommitted(effects: readonly (() => void)[], review: repo.ReviewRow): void {
    for (const effect of effects) {
      try {
        effect();
      } catch (err) {
        this.deps.log?.error(
          { err, reviewId: review.id, kind: review.kind },
          "after-commit effect of a review failed",
        );
      }
    }
  }

  private async subjectsOf(handler: AnyReviewHandler, rows: readonly Listed[]) {
    if (rows.length === 0) return new Map<string, Record<string, string | null>>();
    return handler.subjects(
      this.deps.db,
      rows.map((r) => r.review.subjectId),
    );
  }
}
