import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FollowHoldingState } from "@brokerage/api";
import { rowsOf, type Db } from "../../db/index.js";
import {
  adminUsers,
  followHoldings,
  followNavs,
  followProducts,
  ledgerAccounts,
  tradeOrders,
  users,
} from "../../db/schema/index.js";

/** SQL of copy trading: products, holdings, NAV marks, and what the marks read of the portfolio. */

export type ProductRow = typeof followProducts.$inferSelect;
export type NewProduct = typeof followProducts.$inferInsert;
export type HoldingRow = typeof followHoldings.$inferSelect;
export type NewHolding = typeof followHoldings.$inferInsert;
export type NavRow = typeof followNavs.$inferSelect;

export const LIVE_HOLDING_STATES: FollowHoldingState[] = ["pending", "active", "redeeming"];
export const UNIT_HOLDING_STATES: FollowHoldingState[] = ["active", "redeeming"];

export async function insertPortfolioAccount(
  tx: Db,
  values: { account: string; passwordHash: string; inviteCode: string; fundPasswordHash: string; at: Date },
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({
      account: values.account,
      passwordHash: values.passwordHash,
      inviteCode: values.inviteCode,
      fundPasswordHash: values.fundPasswordHash,
      // The portfolio's account never logs in: it only holds the product's money and positions.
      loginBanned: true,
      kycStatus: "verified",
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("the portfolio account was not written");
  return row.id;
}

export async function userByAccount(db: Db, account: string) {
  const [row] = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(sql`lower(${users.account}) = lower(${account})`);
  return row;
}

export async function accountsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

export async function staffAccountsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adminUsers.id, account: adminUsers.account })
    .from(adminUsers)
    .where(inArray(adminUsers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

export async function insertProduct(tx: Db, values: NewProduct): Promise<ProductRow> {
  const [row] = await tx.insert(followProducts).values(values).returning();
  if (!row) throw new Error("the product was not written");
  return row;
}

export async function updateProduct(tx: Db, id: string, set: Partial<NewProduct>): Promise<ProductRow> {
  const [row] = await tx.update(followProducts).set(set).where(eq(followProducts.id, id)).returning();
  if (!row) throw new Error("the product was not updated");
  return row;
}

export async function findProduct(db: Db, id: string, lock?: "update" | "share") {
  const query = db.select().from(followProducts).where(eq(followProducts.id, id));
  const [row] = await (lock === "update"
    ? query.for("update")
    : lock === "share"
      ? query.for("share")
      : query);
  return row;
}

export async function productsPage(db: Db, params: { beforeSeq?: number; limit: number }) {
  return db
    .select()
    .from(followProducts)
    .where(params.beforeSeq === undefined ? undefined : lt(followProducts.seq, params.beforeSeq))
    .orderBy(desc(followProducts.seq))
    .limit(params.limit);
}

export async function productsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(followProducts)
    .where(inArray(followProducts.id, [...new Set(ids)]));
}

/** Products the marks look after: taking buys, running, or closing. */
export async function liveProducts(db: Db) {
  return db
    .select({ id: followProducts.id })
    .from(followProducts)
    .where(inArray(followProducts.state, ["active", "closing"]))
    .orderBy(asc(followProducts.seq));
}

export async function insertHolding(tx: Db, values: NewHolding): Promise<HoldingRow> {
  const [row] = await tx.insert(followHoldings).values(values).returning();
  if (!row) throw new Error("the holding was not written");
  return row;
}

export async function updateHolding(
  tx: Db,
  id: string,
  from: FollowHoldingState,
  set: Partial<NewHolding>,
): Promise<HoldingRow | undefined> {
  const [row] = await tx
    .update(followHoldings)
    .set(set)
    .where(and(eq(followHoldings.id, id), eq(followHoldings.state, from)))
    .returning();
  return row;
}

export async function lockHolding(tx: Db, id: string, userId: string) {
  const [row] = await tx
    .select()
    .from(followHoldings)
    .where(and(eq(followHoldings.id, id), eq(followHoldings.userId, userId)))
    .for("update");
  return row;
}

/** A product's holdings in `states`, oldest first, locked when asked. */
export async function holdingsOf(
  db: Db,
  productId: string,
  states: readonly FollowHoldingState[],
  lock = false,
) {
  const query = db
    .select()
    .from(followHoldings)
    .where(and(eq(followHoldings.productId, productId), inArray(followHoldings.state, [...states])))
    .orderBy(asc(followHoldings.seq));
  return lock ? query.for("update") : query;
}

/** Every holding of a product (the figures read them all), oldest first. */
export async function allHoldingsOf(db: Db, productId: string, limit = 10_000) {
  return db
    .select()
    .from(followHoldings)
    .where(eq(followHoldings.productId, productId))
    .orderBy(asc(followHoldings.seq))
    .limit(limit);
}

/** The holdings of a product that had units at some instant of [from, to), oldest first. */
export async function holdingsHeldIn(db: Db, productId: string, from: Date, to: Date) {
  return db
    .select()
    .from(followHoldings)
    .where(
      and(
        eq(followHoldings.productId, productId),
        isNotNull(followHoldings.units),
        lt(followHoldings.since, to),
        or(isNull(followHoldings.endedAt), gte(followHoldings.endedAt, from)),
      ),
    )
    .orderBy(asc(followHoldings.seq));
}

export async function holdingsPage(db: Db, params: { userId: string; beforeSeq?: number; limit: number }) {
  return db
    .select()
    .from(followHoldings)
    .where(
      and(
        eq(followHoldings.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(followHoldings.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(followHoldings.seq))
    .limit(params.limit);
}

/** Followers holding or waiting for units, per product. */
export async function followerCounts(db: Db, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: followHoldings.productId,
      n: sql<number>`count(distinct ${followHoldings.userId})::int`,
    })
    .from(followHoldings)
    .where(
      and(
        inArray(followHoldings.productId, [...new Set(productIds)]),
        inArray(followHoldings.state, LIVE_HOLDING_STATES),
      ),
    )
    .groupBy(followHoldings.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.n)]));
}

export async function pendingAmount(db: Db, productId: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${followHoldings.amount}), 0)::text` })
    .from(followHoldings)
    .where(and(eq(followHoldings.productId, productId), eq(followHoldings.state, "pending")));
  return row?.sum ?? "0";
}

export async function insertNav(tx: Db, values: typeof followNavs.$inferInsert): Promise<void> {
  await tx.insert(followNavs).values(values).onConflictDoNothing();
}

/** A product's marks from `from` (all when absent), oldest first. */
export async function navsOf(db: Db, productId: string, from?: Date) {
  return db
    .select()
    .from(followNavs)
    .where(and(eq(followNavs.productId, productId), from ? gte(followNavs.at, from) : undefined))
    .orderBy(asc(followNavs.at));
}

/** The last mark at or before `at`. */
export async function navAtOrBefore(db: Db, productId: string, at: Date) {
  const [row] = await db
    .select()
    .from(followNavs)
    .where(and(eq(followNavs.productId, productId), lte(followNavs.at, at)))
    .orderBy(desc(followNavs.at))
    .limit(1);
  return row;
}

/** The portfolio account's ledger balances, locked for the mark's transaction (trading's bookings wait). */
export async function lockBalances(tx: Db, userId: string, currency: string) {
  const rows = await tx
    .select({ purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  return rows;
}

export async function balancesOf(db: Db, userId: string, currency: string) {
  return db
    .select({ purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)));
}

/** The portfolio's orders in `states` (all when absent), open ones first, newest first. */
export async function portfolioOrders(
  db: Db,
  userId: string,
  states?: readonly ("pending" | "open" | "closing" | "closed" | "cancelled" | "expired")[],
  limit = 100,
) {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), states ? inArray(tradeOrders.state, [...states]) : undefined))
    .orderBy(sql`${tradeOrders.state} in ('open', 'closing', 'pending') desc`, desc(tradeOrders.seq))
    .limit(limit);
}

/** The last mark of each UTC day, oldest first: the daily series the risk figures are measured on. */
export async function dailyNavs(db: Db, productId: string): Promise<{ at: Date; nav: string }[]> {
  const rows = rowsOf<{ at: Date | string; nav: string }>(
    await db.execute(sql`
      select distinct on (date_trunc('day', at at time zone 'UTC')) at, nav::text as nav
      from follow_navs where product_id = ${productId}
      order by date_trunc('day', at at time zone 'UTC'), at desc`),
  );
  return rows
    .map((r) => ({ at: new Date(r.at), nav: r.nav }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A product's first mark (none yet: undefined). */
export async function firstMark(db: Db, productId: string) {
  const [row] = await db
    .select({ at: followNavs.at, nav: followNavs.nav })
    .from(followNavs)
    .where(eq(followNavs.productId, productId))
    .orderBy(asc(followNavs.at))
    .limit(1);
  return row;
}
