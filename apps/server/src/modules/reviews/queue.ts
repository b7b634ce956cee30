import type { ReviewKind } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { reviews } from "../../db/schema/index.js";

export interface NewReview {
  kind: ReviewKind;
  subjectId: string;
  /** null: a request about the platform, decided by a PlatformReviewHandler. */
  userId: string | null;
  /** 2 for the four-eyes rule (two different reviewers must approve). */
  approvalsNeeded?: 1 | 2;
  createdAt: Date;
}

/** Puts a request in the review queue, inside the caller's transaction (the request and its review commit together). */
export async function openReview(tx: Db, review: NewReview): Promise<string> {
  const [row] = await tx
    .insert(reviews)
    .values({ ...review, approvalsNeeded: review.approvalsNeeded ?? 1 })
    .returning({ id: reviews.id });
  if (!row) throw new Error("review not inserted");
  return row.id;
}
