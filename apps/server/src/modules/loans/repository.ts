import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { loans, users, type LoanRow } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): credit loans and the borrower's standing. Every query of a user's rows names them. */

export type { LoanRow };

/** The unique partial index that keeps one loan per user under review or owed. */
export const ONE_OPEN_INDEX = "loans_one_open";

/** What the loan rules read of the user: the account's standing, KYC and the credit score. */
export async function findBorrower(db: Db, userId: string) {
  const [row] = await db
    .select({
      disabled: users.disabled,
      frozen: users.frozen,
      kycStatus: users.kycStatus,
      creditScore: users.creditScore,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type Borrower = NonNullable<Awaited<ReturnType<typeof findBorrower>>>;

export async function insertLoan(tx: Db, values: typeof loans.$inferInsert): Promise<LoanRow> {
  const [row] = await tx.insert(loans).values(values).returning();
  if (!row) throw new Error("loan not inserted");
  return row;
}

/** The user's newest loan in one of `states` (any state when not given). */
export async function latest(db: Db, params: { userId: string; states?: readonly LoanRow["state"][] }) {
  const [row] = await db
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.userId, params.userId),
        params.states === undefined ? undefined : inArray(loans.state, [...params.states]),
      ),
    )
    .orderBy(desc(loans.seq))
    .limit(1);
  return row;
}

export async function findOne(db: Db, params: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, params.id), eq(loans.userId, params.userId)));
  return row;
}

/**
 * One of the user's loans, its row locked for the transaction: a loan's repayments, and its decision, are
 * taken one after the other.
 */
export async function lockOne(tx: Db, params: { id: string; userId: string }) {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, params.id), eq(loans.userId, params.userId)))
    .for("update");
  return row;
}

/** Grants a pending loan (undefined when it is not pending any more), paid out by `entryId`. */
export async function grant(
  tx: Db,
  params: { id: string; userId: string; at: Date; dueAt: Date; entryId: number },
) {
  const [row] = await tx
    .update(loans)
    .set({ state: "borrowing", decidedAt: params.at, dueAt: params.dueAt, loanEntryId: params.entryId })
    .where(and(eq(loans.id, params.id), eq(loans.userId, params.userId), eq(loans.state, "pending")))
    .returning();
  return row;
}

/** Refuses a pending loan with the reviewer's reason (undefined when it is not pending any more). */
export async function reject(tx: Db, params: { id: string; userId: string; reason: string; at: Date }) {
  const [row] = await tx
    .update(loans)
    .set({ state: "rejected", reason: params.reason, decidedAt: params.at })
    .where(and(eq(loans.id, params.id), eq(loans.userId, params.userId), eq(loans.state, "pending")))
    .returning();
  return row;
}

/** A loan's repaid sum after a repayment; `finishedAt` when nothing is owed any more. */
export async function setRepaid(
  tx: Db,
  params: { id: string; userId: string; repaid: string; finishedAt: Date | null },
): Promise<LoanRow> {
  const [row] = await tx
    .update(loans)
    .set({
      repaid: params.repaid,
      ...(params.finishedAt !== null && { state: "finished" as const, finishedAt: params.finishedAt }),
    })
    .where(and(eq(loans.id, params.id), eq(loans.userId, params.userId), eq(loans.state, "borrowing")))
    .returning();
  if (!row) throw new Error(`loan ${params.id} not in borrowing`);
  return row;
}

/** One page of the user's loans, newest first: those before `beforeSeq` when given. */
export async function listPage(db: Db, params: { userId: string; beforeSeq?: number; limit: number }) {
  return db
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(loans.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(loans.seq))
    .limit(params.limit);
}

/** What a reviewer sees of each loan: the request and the user. */
export async function findForReview(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      loan: loans,
      realName: users.realname,
      kycStatus: users.kycStatus,
      creditScore: users.creditScore,
      frozen: users.frozen,
      disabled: users.disabled,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(inArray(loans.id, [...ids]));
}
export type ReviewRow = Awaited<ReturnType<typeof findForReview>>[number];

/** How many of the user's loans are in each state (the reviewer's view of their history). */
export async function countByState(
  db: Db,
  userId: string,
): Promise<Partial<Record<LoanRow["state"], number>>> {
  const rows = await db
    .select({ state: loans.state, count: count() })
    .from(loans)
    .where(eq(loans.userId, userId))
    .groupBy(loans.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.count)]));
}
