import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { checkinAccounts, checkinRedemptions, checkins } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): the user's check-in account, check-ins and redemptions, always by owner. */

export async function accountOf(db: Db, userId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(checkinAccounts).where(eq(checkinAccounts.userId, userId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/**
 * Counts a check-in at `at` unless the last one was at or after `todayStart` (answers undefined then);
 * a first one keeps `timeZone` as the user's (a later call passes the stored one):
 * the streak goes on when the last one was since `yesterdayStart`, else starts again at 1. One statement,
 * so two check-ins at once meet on the row and the second finds today's.
 */
export async function countCheckIn(
  tx: Db,
  params: { userId: string; timeZone: string; at: Date; todayStart: Date; yesterdayStart: Date },
): Promise<{ streak: number; checkIns: number; spent: number } | undefined> {
  const { userId, timeZone, at, todayStart, yesterdayStart } = params;
  const [row] = await tx
    .insert(checkinAccounts)
    .values({ userId, timeZone, lastAt: at, streak: 1, checkIns: 1, spent: 0 })
    .onConflictDoUpdate({
      target: checkinAccounts.userId,
      set: {
        streak: sql`case when ${checkinAccounts.lastAt} >= ${yesterdayStart.toISOString()}::timestamptz
          then ${checkinAccounts.streak} + 1 else 1 end`,
        checkIns: sql`${checkinAccounts.checkIns} + 1`,
        lastAt: at,
      },
      setWhere: sql`${checkinAccounts.lastAt} < ${todayStart.toISOString()}::timestamptz`,
    })
    .returning({
      streak: checkinAccounts.streak,
      checkIns: checkinAccounts.checkIns,
      spent: checkinAccounts.spent,
    });
  return row;
}

/** Spends `checkIns` of the user's count, or answers undefined when fewer are left. */
export async function spend(tx: Db, params: { userId: string; checkIns: number }) {
  const [row] = await tx
    .update(checkinAccounts)
    .set({ spent: sql`${checkinAccounts.spent} + ${params.checkIns}` })
    .where(
      and(
        eq(checkinAccounts.userId, params.userId),
        sql`${checkinAccounts.checkIns} - ${checkinAccounts.spent} >= ${params.checkIns}`,
      ),
    )
    .returning({ checkIns: checkinAccounts.checkIns, spent: checkinAccounts.spent });
  return row;
}

export async function insertCheckIn(tx: Db, values: typeof checkins.$inferInsert) {
  await tx.insert(checkins).values(values);
}

export async function insertRedemption(tx: Db, values: typeof checkinRedemptions.$inferInsert) {
  const [row] = await tx.insert(checkinRedemptions).values(values).returning();
  if (!row) throw new Error("redemption not inserted");
  return row;
}
