import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers, type blockTradeOffers, type placementOffers } from "../../db/schema/index.js";

/**
 * The queries every table of offers staff make shares (block trades, placements): one offer (locked for
 * a subscription or a change), insert, update, the live ones for users, every one for the back office.
 * Both tables have these columns (id, seq, state, closes_at, created_by) with the same types.
 */
type OfferTable = typeof blockTradeOffers | typeof placementOffers;

export function offerQueries<T extends OfferTable>(table: T) {
  // Drizzle's builders take one table type, not a union; the columns used here are the same in both, and
  // at run time every query is built on `table` itself.
  const t = table as unknown as typeof placementOffers;
  type Row = T["$inferSelect"];
  type New = T["$inferInsert"];
  return {
    /**
     * One offer; `lock` "share" keeps it from changing until the transaction ends (a subscription against
     * a concurrent withdrawal), "update" for staff changing it.
     */
    async find(db: Db, id: string, lock?: "share" | "update"): Promise<Row | undefined> {
      const query = db.select().from(t).where(eq(t.id, id));
      const [row] = await (lock ? query.for(lock) : query);
      return row as Row | undefined;
    },

    async insert(tx: Db, values: New): Promise<Row> {
      const [row] = await tx
        .insert(t)
        .values(values as typeof placementOffers.$inferInsert)
        .returning();
      if (!row) throw new Error("offer not inserted");
      return row as Row;
    },

    async update(tx: Db, id: string, changes: Partial<New>): Promise<Row> {
      const [row] = await tx
        .update(t)
        .set(changes as Partial<typeof placementOffers.$inferInsert>)
        .where(eq(t.id, id))
        .returning();
      if (!row) throw new Error(`offer ${id} not updated`);
      return row as Row;
    },

    /** Active offers that have not ended at `now` (open or opening later), newest first, before `beforeSeq`. */
    async livePage(db: Db, params: { now: Date; beforeSeq?: number; limit: number }): Promise<Row[]> {
      return (await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.state, "active"),
            gt(t.closesAt, params.now),
            params.beforeSeq === undefined ? undefined : lt(t.seq, params.beforeSeq),
          ),
        )
        .orderBy(desc(t.seq))
        .limit(params.limit)) as Row[];
    },

    /** Every offer, newest first, with the account of the staff member who created it (the back office). */
    async page(
      db: Db,
      params: { beforeSeq?: number; limit: number },
    ): Promise<{ offer: Row; createdBy: string }[]> {
      return (await db
        .select({ offer: t, createdBy: adminUsers.account })
        .from(t)
        .innerJoin(adminUsers, eq(adminUsers.id, t.createdBy))
        .where(params.beforeSeq === undefined ? undefined : lt(t.seq, params.beforeSeq))
        .orderBy(desc(t.seq))
        .limit(params.limit)) as { offer: Row; createdBy: string }[];
    },
  };
}
