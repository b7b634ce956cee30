import type { ReviewKind } from "@brokerage/api";
import { and, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { reviews, users } from "../../db/schema/index.js";

export type ReviewRow = typeof reviews.$inferSelect;
export type Approval = ReviewRow["approvals"][number];

/** A page of one kind's queue, newest first by seq, with each request's account. */
export async function listPage(
  tx: Db,
  params: {
    kind: ReviewKind;
    state: ReviewRow["state"] | undefined;
    beforeSeq: number | undefined;
    limit: number;
  },
) {
  const where: SQL[] = [eq(reviews.kind, params.kind)];
  if (params.state !== undefined) where.push(eq(reviews.state, params.state));
  if (params.beforeSeq !== undefined) where.push(lt(reviews.seq, params.beforeSeq));
  return tx
    .select({ review: reviews, account: users.account })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(...where))
    .orderBy(desc(reviews.seq))
    .limit(params.limit);
}

export async function findWithAccount(tx: Db, params: { kind: ReviewKind; id: string }) {
  const [row] = await tx
    .select({ review: reviews, account: users.account })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.id, params.id), eq(reviews.kind, params.kind)))
    .limit(1);
  return row;
}

export async function pendingCounts(tx: Db, kinds: readonly ReviewKind[]) {
  if (kinds.length === 0) return [];
  return tx
    .select({ kind: reviews.kind, pending: count() })
    .from(reviews)
    .where(and(inArray(reviews.kind, [...kinds]), eq(reviews.state, "pending")))
    .groupBy(reviews.kind);
}

/**
 * Adds a first approval to a pending review that has exactly `seen` approvals: of two concurrent
 * deciders, the second finds the row changed (its update waits for the first's lock, then matches
 * nothing) and gets null.
 */
export async function addApproval(
  tx: Db,
  params: { id: string; seen: number; approval: Approval },
): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(reviews)
    .set({ approvals: sql`${reviews.approvals} || ${JSON.stringify([params.approval])}::jsonb` })
    .where(
      and(
        eq(reviews.id, params.id),
        eq(reviews.state, "pending"),
        sql`jsonb_array_length(${reviews.approvals}) = ${params.seen}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Decides a pending review still holding `seen` approvals (see addApproval); null when it changed. */
export async function decide(
  tx: Db,
  params: {
    id: string;
    seen: number;
    state: "approved" | "rejected";
    approval: Approval | undefined;
    reason: string | null;
    decidedBy: string;
    at: Date;
  },
): Promise<ReviewRow | null> {
  const approvals = params.approval
    ? sql`${reviews.approvals} || ${JSON.stringify([params.approval])}::jsonb`
    : sql`${reviews.approvals}`;
  const [row] = await tx
    .update(reviews)
    .set({
      state: params.state,
      approvals,
      reason: params.reason,
      decidedAt: params.at,
      decidedBy: params.decidedBy,
    })
    .where(
      and(
        eq(reviews.id, params.id),
        eq(reviews.state, "pending"),
        sql`jsonb_array_length(${reviews.approvals}) = ${params.seen}`,
      ),
    )
    .returning();
  return row ?? null;
}
