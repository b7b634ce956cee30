import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { seatApplications, users, type SeatApplicationRow } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): seat-account applications, always by owner. */

export type { SeatApplicationRow };

/** The unique partial index that keeps one application waiting or approved per user. */
export const ONE_OPEN_INDEX = "seat_applications_one_open";

export async function latest(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(seatApplications)
    .where(eq(seatApplications.userId, userId))
    .orderBy(desc(seatApplications.seq))
    .limit(1);
  return row;
}

/** Whether the user has an application waiting or approved (the latest of any state tells the rest). */
export async function open(db: Db, userId: string) {
  const [row] = await db
    .select({ state: seatApplications.state })
    .from(seatApplications)
    .where(and(eq(seatApplications.userId, userId), inArray(seatApplications.state, ["review", "approved"])))
    .limit(1);
  return row;
}

export async function insert(tx: Db, values: typeof seatApplications.$inferInsert) {
  const [row] = await tx.insert(seatApplications).values(values).returning();
  if (!row) throw new Error("seat application not inserted");
  return row;
}

/** Decides a waiting application of the user: undefined when it waits no more, so a decision is taken once. */
export async function decide(
  tx: Db,
  params: { id: string; userId: string; state: "approved" | "rejected"; reason: string | null; at: Date },
) {
  const [row] = await tx
    .update(seatApplications)
    .set({ state: params.state, reason: params.reason, decidedAt: params.at })
    .where(
      and(
        eq(seatApplications.id, params.id),
        eq(seatApplications.userId, params.userId),
        eq(seatApplications.state, "review"),
      ),
    )
    .returning();
  return row;
}

/** What a reviewer reads of each application: when it was made and who made it. */
export async function findForReview(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: seatApplications.id,
      createdAt: seatApplications.createdAt,
      realName: users.realname,
      kycStatus: users.kycStatus,
      creditScore: users.creditScore,
      frozen: users.frozen,
      tradeBanned: users.tradeBanned,
    })
    .from(seatApplications)
    .innerJoin(users, eq(users.id, seatApplications.userId))
    .where(inArray(seatApplications.id, [...ids]));
}
