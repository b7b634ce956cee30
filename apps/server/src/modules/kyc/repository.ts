import type { KycStatus } from "@brokerage/api";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { kycSubmissions, users } from "../../db/schema/index.js";

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;

/** The user's verification state as the users table holds it (the one truth of "where am I"). */
export async function findKycState(tx: Db, userId: string): Promise<KycStatus | undefined> {
  const [row] = await tx.select({ state: users.kycStatus }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.state;
}

/** The user's latest submission, whatever its state (scoped by the owner). */
export async function findLatestSubmission(tx: Db, userId: string): Promise<KycSubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

export async function findSubmission(tx: Db, id: string): Promise<KycSubmissionRow | undefined> {
  const [row] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
  return row;
}

/** Whose submission `id` is (the subject of a staff read of its photos). */
export async function findSubmissionOwner(tx: Db, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: kycSubmissions.userId })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id));
  return row?.userId;
}

export async function findSubmissions(tx: Db, ids: readonly string[]): Promise<KycSubmissionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(kycSubmissions)
    .where(inArray(kycSubmissions.id, [...ids]));
}

/**
 * Moves the user to "under review" if a submission is allowed now (never verified yet, or the last one
 * failed). One conditional statement: of two concurrent submissions, the second waits for the first's
 * row lock and then finds the state already changed, so exactly one passes. False when refused.
 */
export async function startReview(tx: Db, params: { userId: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ kycStatus: "under_review", updatedAt: params.now })
    .where(and(eq(users.id, params.userId), inArray(users.kycStatus, ["not_verified", "failed"])))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertSubmission(
  tx: Db,
  params: {
    userId: string;
    realName: string;
    idNumber: string;
    frontPhoto: string;
    backPhoto: string;
    now: Date;
  },
): Promise<KycSubmissionRow> {
  const [row] = await tx
    .insert(kycSubmissions)
    .values({
      userId: params.userId,
      realName: params.realName,
      idNumber: params.idNumber,
      frontPhoto: params.frontPhoto,
      backPhoto: params.backPhoto,
      state: "under_review",
      createdAt: params.now,
    })
    .returning();
  if (!row) throw new Error("kyc submission not inserted");
  return row;
}

/**
 * Records a reviewer's decision on a submission still under review; the user's state follows it, and an
 * approval makes the submitted name the user's real name. Undefined when the submission was not under
 * review (decided already, or not a KYC submission at all).
 */
export async function decideSubmission(
  tx: Db,
  params: {
    submissionId: string;
    /** The owner the review names: a submission of anyone else is never touched. */
    userId: string;
    decision: "verified" | "failed";
    reason: string | null;
    decidedBy: string;
    now: Date;
  },
): Promise<KycSubmissionRow | undefined> {
  const [row] = await tx
    .update(kycSubmissions)
    .set({
      state: params.decision,
      reason: params.reason,
      decidedAt: params.now,
      decidedBy: params.decidedBy,
    })
    .where(
      and(
        eq(kycSubmissions.id, params.submissionId),
        eq(kycSubmissions.userId, params.userId),
        eq(kycSubmissions.state, "under_review"),
      ),
    )
    .returning();
  if (!row) return undefined;
  await tx
    .update(users)
    .set({
      kycStatus: params.decision,
      ...(params.decision === "verified" && { realname: row.realName }),
      updatedAt: params.now,
    })
    .where(eq(users.id, row.userId));
  return row;
}
