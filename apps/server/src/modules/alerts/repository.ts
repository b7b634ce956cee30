import { ALERT_FIRED_SHOWN, type AlertCondition } from "@brokerage/api";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { priceAlerts, users } from "../../db/schema/index.js";

export type AlertRow = typeof priceAlerts.$inferSelect;

/** What the evaluator keeps of an active alert. */
export interface WatchedAlert {
  id: string;
  symbol: string;
  condition: AlertCondition;
  value: string;
  referencePrice: string;
}

const watched = {
  id: priceAlerts.id,
  symbol: priceAlerts.symbol,
  condition: priceAlerts.condition,
  value: priceAlerts.value,
  referencePrice: priceAlerts.referencePrice,
};

const isActive = eq(priceAlerts.state, "active");

/** Serialises a user's alert writes: the limit is counted, then an alert written. */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Served by the partial index `price_alerts_active_idx`. */
export async function countActive(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), isActive));
  return row?.count ?? 0;
}

/** The user's active alert that asks exactly this, if any (a repeated create answers it). */
export async function findActiveSame(
  tx: Db,
  key: { userId: string; symbol: string; condition: AlertCondition; value: string },
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.userId, key.userId),
        isActive,
        eq(priceAlerts.symbol, key.symbol),
        eq(priceAlerts.condition, key.condition),
        sql`${priceAlerts.value} = ${key.value}::numeric`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertAlert(tx: Db, values: typeof priceAlerts.$inferInsert): Promise<AlertRow> {
  const [row] = await tx.insert(priceAlerts).values(values).returning();
  if (!row) throw new Error("price alert not inserted");
  return row;
}

/** The user's active alerts, newest first, then the newest ALERT_FIRED_SHOWN fired ones. */
export async function listOfUser(db: Db, userId: string): Promise<AlertRow[]> {
  const mine = eq(priceAlerts.userId, userId);
  const active = await db
    .select()
    .from(priceAlerts)
    .where(and(mine, isActive))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  const fired = await db
    .select()
    .from(priceAlerts)
    .where(and(mine, eq(priceAlerts.state, "fired")))
    .orderBy(desc(priceAlerts.firedAt), desc(priceAlerts.id))
    .limit(ALERT_FIRED_SHOWN);
  return [...active, ...fired];
}

/** Deletes one of the user's alerts; answers whether there was one (another user's is not found). */
export async function deleteAlert(db: Db, key: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, key.id), eq(priceAlerts.userId, key.userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Every active alert (the evaluator's book, when it takes the lead and every so often after). */
export async function activeAlerts(db: Db): Promise<WatchedAlert[]> {
  return db.select(watched).from(priceAlerts).where(isActive);
}

/** Those of `ids` that are still active. */
export async function activeAmong(db: Db, ids: readonly string[]): Promise<WatchedAlert[]> {
  if (ids.length === 0) return [];
  return db
    .select(watched)
    .from(priceAlerts)
    .where(and(inArray(priceAlerts.id, [...ids]), isActive));
}

/**
 * Fires those of `ids` still active, at `price`: the one write that decides "once" (only an active row
 * changes, and its row lock makes a concurrent firing wait, then find it fired). Answers the fired rows.
 */
export async function fire(
  tx: Db,
  params: { ids: readonly string[]; price: string; at: Date },
): Promise<AlertRow[]> {
  if (params.ids.length === 0) return [];
  return tx
    .update(priceAlerts)
    .set({ state: "fired", firedAt: params.at, firedPrice: params.price })
    .where(and(inArray(priceAlerts.id, [...params.ids]), isActive))
    .returning();
}
