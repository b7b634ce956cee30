import type { IpoSubscriptionState } from "@brokerage/api";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  ipoBeaconRounds,
  ipoOfferings,
  ipoSubscriptions,
  users,
  type IpoOfferingRow,
  type IpoSubscriptionRow,
} from "../../db/schema/index.js";

/**
 * SQL only (CONVENTIONS): new-share offerings and their subscriptions. Every query of a user's
 * subscriptions names the user.
 */

export type OfferingRow = IpoOfferingRow;
export type SubscriptionRow = IpoSubscriptionRow;
export type NewOffering = typeof ipoOfferings.$inferInsert;
export type OfferingChanges = Partial<Omit<NewOffering, "id" | "seq" | "createdBy" | "createdAt">>;
export type SubscriptionChanges = Partial<
  Omit<typeof ipoSubscriptions.$inferInsert, "id" | "seq" | "offeringId" | "userId" | "state">
>;

/**
 * One offering; `lock` "share" keeps it as it is until the transaction ends (a subscription or a payment
 * against a concurrent draw, listing or cancellation), "update" for staff acting on it.
 */
export async function findOffering(
  db: Db,
  id: string,
  lock?: "share" | "update",
): Promise<OfferingRow | undefined> {
  const query = db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function insertOffering(tx: Db, values: NewOffering): Promise<OfferingRow> {
  const [row] = await tx.insert(ipoOfferings).values(values).returning();
  if (!row) throw new Error("offering not inserted");
  return row;
}

/** Changes an offering that is still in `from` (undefined when it is not any more). */
export async function updateOffering(
  tx: Db,
  params: { id: string; from: OfferingRow["state"]; changes: OfferingChanges },
): Promise<OfferingRow | undefined> {
  const [row] = await tx
    .update(ipoOfferings)
    .set(params.changes)
    .where(and(eq(ipoOfferings.id, params.id), eq(ipoOfferings.state, params.from)))
    .returning();
  return row;
}

/** A page of offerings, newest first, before `beforeSeq`; without the cancelled ones for users. */
export async function offeringsPage(
  db: Db,
  params: { beforeSeq?: number; limit: number; withCancelled: boolean },
) {
  return db
    .select()
    .from(ipoOfferings)
    .where(
      and(
        params.withCancelled ? undefined : ne(ipoOfferings.state, "cancelled"),
        params.beforeSeq === undefined ? undefined : lt(ipoOfferings.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(ipoOfferings.seq))
    .limit(params.limit);
}

/** The accounts of staff members by id (who created offerings). */
export async function staffAccounts(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adminUsers.id, account: adminUsers.account })
    .from(adminUsers)
    .where(inArray(adminUsers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

/** A sum of shares as the database answers it (numeric text), exact. */
const toShares = (value: unknown): bigint => BigInt(String(value));

/** Shares subscribed per offering, by everyone. */
export async function subscribedShares(db: Db, offeringIds: readonly string[]): Promise<Map<string, bigint>> {
  if (offeringIds.length === 0) return new Map();
  const rows = await db
    .select({
      offeringId: ipoSubscriptions.offeringId,
      shares: sql<bigint>`coalesce(sum(${ipoSubscriptions.quantity}), 0)`.mapWith(toShares),
    })
    .from(ipoSubscriptions)
    .where(inArray(ipoSubscriptions.offeringId, [...offeringIds]))
    .groupBy(ipoSubscriptions.offeringId);
  return new Map(rows.map((r) => [r.offeringId, r.shares]));
}

/** Subscriptions per offering and state (the back office's counts). */
export async function stateCounts(db: Db, offeringIds: readonly string[]) {
  if (offeringIds.length === 0) return [];
  return db
    .select({
      offeringId: ipoSubscriptions.offeringId,
      state: ipoSubscriptions.state,
      count: count(),
      shares: sql<bigint>`coalesce(sum(${ipoSubscriptions.quantity}), 0)`.mapWith(toShares),
    })
    .from(ipoSubscriptions)
    .where(inArray(ipoSubscriptions.offeringId, [...offeringIds]))
    .groupBy(ipoSubscriptions.offeringId, ipoSubscriptions.state);
}

/** How many times the user subscribed to the offering (any state). */
export async function countMine(db: Db, params: { userId: string; offeringId: string }): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(ipoSubscriptions)
    .where(
      and(eq(ipoSubscriptions.userId, params.userId), eq(ipoSubscriptions.offeringId, params.offeringId)),
    );
  return Number(row?.count ?? 0);
}

/**
 * What the subscription checks read of the user, their row locked for the transaction: one user's
 * subscriptions are taken one after the other, so concurrent ones respect the offering's limit.
 */
export async function lockSubscriber(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      disabled: users.disabled,
      frozen: users.frozen,
      tradeBanned: users.tradeBanned,
      kycStatus: users.kycStatus,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** The account flags a payment reads. */
export async function findPayer(db: Db, userId: string) {
  const [row] = await db
    .select({ disabled: users.disabled, frozen: users.frozen })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertSubscription(
  tx: Db,
  values: typeof ipoSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(ipoSubscriptions).values(values).returning();
  if (!row) throw new Error("subscription not inserted");
  return row;
}

/** One of the user's subscriptions (undefined for another user's and an unknown one alike). */
export async function findSubscription(db: Db, params: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.id, params.id), eq(ipoSubscriptions.userId, params.userId)));
  return row;
}

/**
 * Moves a subscription from `from` to `to`, guarded in the statement itself: undefined when it was not
 * in `from` (any more), so two concurrent transitions cannot both happen.
 */
export async function transition(
  tx: Db,
  params: {
    id: string;
    userId?: string;
    from: IpoSubscriptionState;
    to: IpoSubscriptionState;
    changes?: SubscriptionChanges;
  },
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(ipoSubscriptions)
    .set({ ...params.changes, state: params.to })
    .where(
      and(
        eq(ipoSubscriptions.id, params.id),
        params.userId === undefined ? undefined : eq(ipoSubscriptions.userId, params.userId),
        eq(ipoSubscriptions.state, params.from),
      ),
    )
    .returning();
  return row;
}

/** The subscription locked for the transaction while it is still in `state` (undefined when it is not). */
export async function lockInState(tx: Db, params: { id: string; state: IpoSubscriptionState }) {
  const [row] = await tx
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.id, params.id), eq(ipoSubscriptions.state, params.state)))
    .for("update");
  return row;
}

/**
 * Adds `amount` to what the subscription released back to available, by `entryId` (its `ipoRefund`),
 * moving it to `to` in the same statement when given (the checks hold only for both together), while it is
 * still in `state`: undefined when it is not any more.
 */
export async function addReleased(
  tx: Db,
  params: {
    id: string;
    state: IpoSubscriptionState;
    to?: IpoSubscriptionState;
    amount: string;
    entryId: number;
  },
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(ipoSubscriptions)
    .set({
      releasedAmount: sql`${ipoSubscriptions.releasedAmount} + ${params.amount}::numeric`,
      refundEntryId: params.entryId,
      ...(params.to !== undefined && { state: params.to }),
    })
    .where(and(eq(ipoSubscriptions.id, params.id), eq(ipoSubscriptions.state, params.state)))
    .returning();
  return row;
}

/**
 * Adds `amount` to what an `applied` subscription blocks (booked by `entryId`, an `ipoPayment`), and sets its
 * quantity when given (an application its final price reduced): undefined when it is not applied any more.
 */
export async function addHeld(
  tx: Db,
  params: { id: string; amount: string; quantity?: bigint },
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(ipoSubscriptions)
    .set({
      heldAmount: sql`${ipoSubscriptions.heldAmount} + ${params.amount}::numeric`,
      ...(params.quantity !== undefined && { quantity: params.quantity }),
    })
    .where(and(eq(ipoSubscriptions.id, params.id), eq(ipoSubscriptions.state, "applied")))
    .returning();
  return row;
}

/** Reduces the quantity an `applied` subscription asks for (undefined when it is not applied any more). */
export async function reduceQuantity(
  tx: Db,
  params: { id: string; quantity: bigint },
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(ipoSubscriptions)
    .set({ quantity: params.quantity })
    .where(and(eq(ipoSubscriptions.id, params.id), eq(ipoSubscriptions.state, "applied")))
    .returning();
  return row;
}

/** Every subscription of an offering in one of `states`, in the order they were made. */
export async function subscriptionsIn(
  tx: Db,
  params: { offeringId: string; states: readonly IpoSubscriptionState[] },
): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(ipoSubscriptions)
    .where(
      and(
        eq(ipoSubscriptions.offeringId, params.offeringId),
        inArray(ipoSubscriptions.state, [...params.states]),
      ),
    )
    .orderBy(asc(ipoSubscriptions.seq));
}

export interface DrawOutcome {
  id: string;
  state: "awaitingPayment" | "notWon";
  allotted: bigint;
  /** The subscription's rank in the draw. */
  drawKey: string;
}

/** Rows per statement of `writeDraw` (four parameters each, well under the protocol's limit). */
const DRAW_CHUNK = 1000;

/**
 * Writes the draw's outcome of every subscription still `applied` (in chunks of one statement each);
 * answers how many rows changed.
 */
export async function writeDraw(tx: Db, outcomes: readonly DrawOutcome[], at: Date): Promise<number> {
  let changed = 0;
  for (let i = 0; i < outcomes.length; i += DRAW_CHUNK) {
    const chunk = outcomes.slice(i, i + DRAW_CHUNK);
    const values = sql.join(
      chunk.map(
        (o) => sql`(${o.id}::uuid, ${o.state}::text, ${String(o.allotted)}::bigint, ${o.drawKey}::text)`,
      ),
      sql`, `,
    );
    const rows = await tx
      .update(ipoSubscriptions)
      .set({
        state: sql`v.state`,
        allotted: sql`v.allotted`,
        drawKey: sql`v.draw_key`,
        drawnAt: at,
      })
      .from(sql`(values ${values}) as v(id, state, allotted, draw_key)`)
      .where(and(sql`${ipoSubscriptions.id} = v.id`, eq(ipoSubscriptions.state, "applied")))
      .returning({ id: ipoSubscriptions.id });
    changed += rows.length;
  }
  return changed;
}

/** A page of the user's subscriptions (of one offering when given), newest first, before `beforeSeq`. */
export async function minePage(
  db: Db,
  params: { userId: string; offeringId?: string; beforeSeq?: number; limit: number },
) {
  return db
    .select({ subscription: ipoSubscriptions, offering: ipoOfferings })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(
      and(
        eq(ipoSubscriptions.userId, params.userId),
        params.offeringId === undefined ? undefined : eq(ipoSubscriptions.offeringId, params.offeringId),
        params.beforeSeq === undefined ? undefined : lt(ipoSubscriptions.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(ipoSubscriptions.seq))
    .limit(params.limit);
}

/** A page of an offering's subscriptions with each user's account, newest first, before `beforeSeq`. */
export async function offeringSubscriptionsPage(
  db: Db,
  params: { offeringId: string; beforeSeq?: number; limit: number },
) {
  return db
    .select({ subscription: ipoSubscriptions, account: users.account })
    .from(ipoSubscriptions)
    .innerJoin(users, eq(users.id, ipoSubscriptions.userId))
    .where(
      and(
        eq(ipoSubscriptions.offeringId, params.offeringId),
        params.beforeSeq === undefined ? undefined : lt(ipoSubscriptions.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(ipoSubscriptions.seq))
    .limit(params.limit);
}

/** The symbol's offerings that are not cancelled (upcoming, open, drawn or listed), but `exceptId`. */
export async function liveOfferingsOf(db: Db, symbol: string, exceptId: string | undefined) {
  return db
    .select()
    .from(ipoOfferings)
    .where(
      and(
        eq(ipoOfferings.symbol, symbol),
        ne(ipoOfferings.state, "cancelled"),
        exceptId === undefined ? undefined : ne(ipoOfferings.id, exceptId),
      ),
    )
    .orderBy(desc(ipoOfferings.seq));
}

/** Whether an offering of the symbol has listed (its share trades: no new-share offering of it). */
export async function hasListedOffering(db: Db, symbol: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ipoOfferings.id })
    .from(ipoOfferings)
    .where(and(eq(ipoOfferings.symbol, symbol), eq(ipoOfferings.state, "listed")))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// The draw's published inputs (draw.ts)

/** Every subscription of an offering, whatever its state, in the order they were made (the applications). */
export async function applicationsOf(db: Db, offeringId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.offeringId, offeringId))
    .orderBy(asc(ipoSubscriptions.seq));
}

/** How many users applied to an offering, and whether `userId` is one of them. */
export async function applicantCount(db: Db, params: { offeringId: string; userId: string }) {
  const [row] = await db
    .select({
      applicants: sql<number>`count(distinct ${ipoSubscriptions.userId})`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${ipoSubscriptions.userId} = ${params.userId})`.mapWith(
        Number,
      ),
      shares: sql<bigint>`coalesce(sum(${ipoSubscriptions.quantity}), 0)`.mapWith(toShares),
    })
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.offeringId, params.offeringId));
  return { applicants: row?.applicants ?? 0, applied: (row?.mine ?? 0) > 0, shares: row?.shares ?? 0n };
}

/** Publishes the applications' root once (undefined when it was published already). */
export async function publishRoot(
  tx: Db,
  params: { id: string; root: string; count: number; at: Date },
): Promise<OfferingRow | undefined> {
  const [row] = await tx
    .update(ipoOfferings)
    .set({ applicationsRoot: params.root, applicationsCount: params.count, rootPublishedAt: params.at })
    .where(and(eq(ipoOfferings.id, params.id), isNull(ipoOfferings.applicationsRoot)))
    .returning();
  return row;
}

/** Records the randomness a draw used and the digest of its allotments (once). */
export async function recordDrawInputs(
  tx: Db,
  params: { id: string; randomness: string; digest: string },
): Promise<boolean> {
  const rows = await tx
    .update(ipoOfferings)
    .set({ randomness: params.randomness, drawDigest: params.digest })
    .where(and(eq(ipoOfferings.id, params.id), isNull(ipoOfferings.randomness)))
    .returning({ id: ipoOfferings.id });
  return rows.length === 1;
}

export type BeaconRoundRow = typeof ipoBeaconRounds.$inferSelect;

export async function findBeaconRound(
  db: Db,
  params: { provider: BeaconRoundRow["provider"]; round: number },
): Promise<BeaconRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(ipoBeaconRounds)
    .where(and(eq(ipoBeaconRounds.provider, params.provider), eq(ipoBeaconRounds.round, params.round)));
  return row;
}

/** Records a round the first time it is read; the one recorded first stays (answers it). */
export async function recordBeaconRound(db: Db, values: BeaconRoundRow): Promise<BeaconRoundRow> {
  await db.insert(ipoBeaconRounds).values(values).onConflictDoNothing();
  const row = await findBeaconRound(db, values);
  if (!row) throw new Error("beacon round not recorded");
  return row;
}

/** Offerings whose subscription has closed by `at` without their applications' root published yet (nor a price still provisional). */
export async function unsealedClosed(db: Db, at: Date): Promise<OfferingRow[]> {
  return db
    .select()
    .from(ipoOfferings)
    .where(
      and(
        eq(ipoOfferings.state, "active"),
        isNull(ipoOfferings.applicationsRoot),
        lte(ipoOfferings.closesAt, at),
        or(isNull(ipoOfferings.provisionalPrice), isNotNull(ipoOfferings.priceFixedAt)),
      ),
    )
    .orderBy(asc(ipoOfferings.closesAt))
    .limit(20);
}

/**
 * Offerings whose next step is due by `at` (the scheduler's): `active` ones whose provisional price is due
 * to become final, `active` ones whose draw date has passed (the draw itself waits for its beacon round and
 * a final price), and `drawn` ones whose listing date has.
 */
export async function dueSteps(
  db: Db,
  at: Date,
): Promise<{ price: OfferingRow[]; draw: OfferingRow[]; list: OfferingRow[] }> {
  // One read a round (the leader's, about every second), split here: an idle round is one small query.
  const priceDue = and(
    eq(ipoOfferings.state, "active"),
    isNull(ipoOfferings.priceFixedAt),
    lte(ipoOfferings.priceFinalAt, at),
  );
  const drawDue = and(eq(ipoOfferings.state, "active"), lte(ipoOfferings.drawAt, at));
  const listDue = and(eq(ipoOfferings.state, "drawn"), lte(ipoOfferings.listingAt, at));
  const rows = await db
    .select()
    .from(ipoOfferings)
    .where(or(priceDue, drawDue, listDue))
    .orderBy(asc(ipoOfferings.drawAt))
    .limit(60);
  const upTo20 = (keep: (row: OfferingRow) => boolean) => rows.filter(keep).slice(0, 20);
  const passed = (date: Date | null) => date !== null && date.getTime() <= at.getTime();
  return {
    price: upTo20((r) => r.state === "active" && r.priceFixedAt === null && passed(r.priceFinalAt)),
    draw: upTo20((r) => r.state === "active" && passed(r.drawAt)),
    list: upTo20((r) => r.state === "drawn" && passed(r.listingAt)),
  };
}
