import { and, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/index.js";
import {
  adjustments,
  adminUsers,
  journalEntries,
  ledgerAccounts,
  postings,
  reviews,
  users,
} from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): the back office's reads of a user's ledger and the adjustments table. */

export async function findUser(tx: Db, userId: string) {
  const [row] = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * A page of the user's postings, newest first by id (the postings_user_idx keyset), before `beforeId`
 * when given, with the entry's reason, reference and cause and the staff account behind it.
 */
export async function postingsPage(
  tx: Db,
  params: { userId: string; currency: string | undefined; beforeId: number | undefined; limit: number },
) {
  const where: SQL[] = [eq(postings.userId, params.userId)];
  if (params.currency !== undefined) where.push(eq(postings.currency, params.currency));
  if (params.beforeId !== undefined) where.push(lt(postings.id, params.beforeId));
  return tx
    .select({
      id: postings.id,
      entryId: postings.entryId,
      createdAt: postings.createdAt,
      entryType: postings.entryType,
      purpose: postings.purpose,
      currency: postings.currency,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      reason: journalEntries.reason,
      reference: journalEntries.reference,
      causedBy: journalEntries.causedBy,
      staffAccount: adminUsers.account,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(adminUsers, eq(adminUsers.id, journalEntries.staffId))
    .where(and(...where))
    .orderBy(desc(postings.id))
    .limit(params.limit);
}

/** The user's available balance in one currency ("0" without an account). */
export async function availableBalance(tx: Db, userId: string, currency: string): Promise<string> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.purpose, "available"),
      ),
    );
  return row?.balance ?? "0";
}

/**
 * The absolute adjustments in `currency` not turned down since `since`: of the user's (whoever asked) and
 * of the staff member's (for whichever user), the two sums `adjustment.fourEyesAbove` is checked against.
 */
export async function adjustedSince(
  tx: Db,
  params: { userId: string; staffId: string; currency: string; since: Date },
): Promise<[string, string]> {
  const absolute = sql`abs(${adjustments.amount})`;
  const [row] = await tx
    .select({
      user: sql<string>`coalesce(sum(${absolute}) filter (where ${adjustments.userId} = ${params.userId}), 0)::text`,
      staff: sql<string>`coalesce(sum(${absolute}) filter (where ${adjustments.requestedBy} = ${params.staffId}), 0)::text`,
    })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.currency, params.currency),
        gt(adjustments.createdAt, params.since),
        ne(adjustments.state, "rejected"),
        or(eq(adjustments.userId, params.userId), eq(adjustments.requestedBy, params.staffId)),
      ),
    );
  return [row?.user ?? "0", row?.staff ?? "0"];
}

export type NewAdjustment = typeof adjustments.$inferInsert;

export async function insertAdjustment(tx: Db, row: NewAdjustment): Promise<void> {
  await tx.insert(adjustments).values(row);
}

const requester = alias(adminUsers, "requester");

const adjustmentColumns = {
  id: adjustments.id,
  userId: adjustments.userId,
  currency: adjustments.currency,
  amount: adjustments.amount,
  reason: adjustments.reason,
  state: adjustments.state,
  requestedById: adjustments.requestedBy,
  requestedBy: requester.account,
  entryId: adjustments.entryId,
  createdAt: adjustments.createdAt,
  decidedAt: adjustments.decidedAt,
  reviewId: reviews.id,
};

function selectAdjustments(tx: Db) {
  return tx
    .select(adjustmentColumns)
    .from(adjustments)
    .innerJoin(requester, eq(requester.id, adjustments.requestedBy))
    .leftJoin(reviews, and(eq(reviews.kind, "adjustment"), eq(reviews.subjectId, adjustments.id)));
}

export type AdjustmentRow = Awaited<ReturnType<typeof findAdjustments>>[number];

export async function findAdjustments(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectAdjustments(tx).where(inArray(adjustments.id, [...ids]));
}

/** The user's latest adjustments, newest first. */
export async function recentAdjustments(tx: Db, userId: string, limit: number) {
  return selectAdjustments(tx)
    .where(eq(adjustments.userId, userId))
    .orderBy(desc(adjustments.createdAt), desc(adjustments.id))
    .limit(limit);
}

/**
 * Decides a pending adjustment (approved with the entry that booked it, or rejected); undefined when it
 * is no longer pending. The row lock also orders two concurrent decisions of the same adjustment.
 */
export async function decideAdjustment(
  tx: Db,
  params: { id: string; state: "approved" | "rejected"; entryId: number | null; at: Date },
) {
  const [row] = await tx
    .update(adjustments)
    .set({ state: params.state, entryId: params.entryId, decidedAt: params.at })
    .where(and(eq(adjustments.id, params.id), eq(adjustments.state, "pending")))
    .returning({ id: adjustments.id });
  return row;
}

/** A pending adjustment, locked for its decision. */
export async function lockPendingAdjustment(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(adjustments)
    .where(and(eq(adjustments.id, id), eq(adjustments.state, "pending")))
    .for("update");
  return row;
}

/** The role a staff member has now (the decider of a review may have been demoted since logging in). */
export async function staffRole(tx: Db, staffId: string) {
  const [row] = await tx
    .select({ role: adminUsers.role, disabled: adminUsers.disabled })
    .from(adminUsers)
    .where(eq(adminUsers.id, staffId));
  return row;
}
