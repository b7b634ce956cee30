/** Helpers of the tests of features with a review kind (imported by *.test.ts and testing.ts only). */
import type { ReviewKind } from "@brokerage/api";
import { eq } from "drizzle-orm";
import type { Answer, TestApp } from "../../../test/helper.js";
import { reviews } from "../../db/schema/index.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";

/** The reviews of one subject (a feature's row). */
export async function reviewsOf(t: TestApp, subjectId: string) {
  return t.database.db.select().from(reviews).where(eq(reviews.subjectId, subjectId));
}

/** The staff member decides the review of the subject. */
export async function decideSubject(
  t: TestApp,
  staff: StaffLogin,
  kind: ReviewKind,
  subjectId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> {
  const [review] = await reviewsOf(t, subjectId);
  if (!review) throw new Error(`no review of ${subjectId}`);
  return adminCall(t.app, "reviews/decide", { kind, id: review.id, decision, reason }, staff.headers);
}
