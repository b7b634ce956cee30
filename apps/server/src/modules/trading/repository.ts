import type { OrderState } from "@brokerage/api";
import { and, asc, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { tradeOrders, users, type TradeOrderRow } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): orders and positions. Every read of a user's rows is scoped by the user. */

export type { TradeOrderRow };
export type NewOrder = typeof tradeOrders.$inferInsert;
/** What a transition may change besides the state. */
export type OrderChanges = Partial<Omit<NewOrder, "id" | "seq" | "orderNo" | "userId" | "state">>;

/** What the order checks read of the user: the account flags and whether a fund password is set. */
export async function findTrader(db: Db, userId: string) {
  const [row] = await db
    .select({
      disabled: users.disabled,
      frozen: users.frozen,
      tradeBanned: users.tradeBanned,
      fundPasswordSet: sql<boolean>`${users.fundPasswordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The trader's flags as columns of a row (`traderOf` reads them), for the user whose id `userId` gives. */
const traderColumns = (userId: SQL) => sql`
  (select disabled from users where id = ${userId}) as "traderDisabled",
  (select frozen from users where id = ${userId}) as "traderFrozen",
  (select trade_banned from users where id = ${userId}) as "traderTradeBanned",
  (select fund_password_hash is not null from users where id = ${userId}) as "traderFundPasswordSet"`;

/**
 * What `placeOrder` writes in its idempotency key's own statement (`idempotent`'s `alongside`, run only
 * when the key was claimed): the order's row when it could be priced, and in any case the trader's flags
 * (`traderOf`). The row is inserted before the checks of the flags and of the money, in the transaction
 * they roll back when they refuse: one round trip fewer for every order placed.
 */
export function placeOrderSql(userId: string, values: NewOrder | undefined, claimed: SQL): SQL {
  if (!values) return sql`select ${traderColumns(sql`${userId}::uuid`)} where ${claimed}`;
  const columns = getTableColumns(tradeOrders);
  const given = (Object.keys(values) as (keyof NewOrder)[]).filter((key) => values[key] !== undefined);
  const names = given.map((key) => sql.identifier(columns[key].name));
  const typed = given.map((key) => {
    const column = columns[key];
    const value = values[key] === null ? null : (column.mapToDriverValue(values[key]) as unknown);
    return sql`${value}::${sql.raw(column.getSQLType())}`;
  });
  return sql`
    insert into trade_orders (${sql.join(names, sql`, `)}) select ${sql.join(typed, sql`, `)} where ${claimed}
    returning seq, order_no as "orderNo", ${traderColumns(sql`user_id`)}`;
}

/** The trader's flags `placeOrderSql` answered; undefined when the user does not exist. */
export function traderOf(row: Record<string, unknown>) {
  if (row.traderFrozen === null || row.traderFrozen === undefined) return undefined;
  return {
    disabled: row.traderDisabled === true,
    frozen: row.traderFrozen === true,
    tradeBanned: row.traderTradeBanned === true,
    fundPasswordSet: row.traderFundPasswordSet === true,
  };
}

/**
 * An order row with every field (the table's columns by their names in code) null, in the columns' order:
 * `insertedOrder` copies it and fills in what was written, rather than building 35 fields per order.
 */
const EMPTY_ORDER: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.keys(getTableColumns(tradeOrders)).map((key) => [key, null]),
);

/** The order `placeOrderSql` inserted, as a row: what was written, with what the database generated. */
export function insertedOrder(values: NewOrder, row: Record<string, unknown>): TradeOrderRow {
  const all = { ...EMPTY_ORDER };
  for (const key of Object.keys(values) as (keyof NewOrder)[]) {
    const value = values[key];
    if (value !== undefined && key in EMPTY_ORDER) all[key] = value;
  }
  all.seq = Number(row.seq);
  all.orderNo = String(row.orderNo);
  return all as TradeOrderRow;
}

/** The order number `placeOrderSql` answered. */
export const orderNoOf = (row: Record<string, unknown>): string => String(row.orderNo);

/** Links a placed order to the entry that booked it (an end statement: the row is the call's own). */
export const setOrderEntrySql = (id: string, column: "openEntryId" | "holdEntryId", entryId: number): SQL =>
  sql`update trade_orders set ${sql.identifier(getTableColumns(tradeOrders)[column].name)} = ${entryId}
    where id = ${id}`;

export async function insertOrder(tx: Db, values: NewOrder): Promise<TradeOrderRow> {
  const [row] = await tx.insert(tradeOrders).values(values).returning();
  if (!row) throw new Error("order not inserted");
  return row;
}

const owned = (id: string, userId: string | undefined): SQL | undefined =>
  and(eq(tradeOrders.id, id), userId === undefined ? undefined : eq(tradeOrders.userId, userId));

/** One order, of the user when `userId` is given; undefined for another user's id and an unknown one alike. */
export async function findOrder(db: Db, params: { id: string; userId?: string }) {
  const [row] = await db.select().from(tradeOrders).where(owned(params.id, params.userId));
  return row;
}

/** The orders of `ids` that exist (any user's: the matching engine re-reading what changed). */
export async function findOrders(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tradeOrders)
    .where(inArray(tradeOrders.id, [...ids]));
}

/**
 * The order locked for the transaction (`for update`), so that what is decided on it (its state, its lock,
 * its margin) stays true until the transaction ends; of the user when `userId` is given.
 */
export async function lockOrder(tx: Db, params: { id: string; userId?: string }) {
  const [row] = await tx.select().from(tradeOrders).where(owned(params.id, params.userId)).for("update");
  return row;
}

/**
 * Moves an order from `from` to `to`, guarded in the statement itself: undefined when it was not in
 * `from` (any more), so two concurrent transitions of one order cannot both happen.
 */
export async function transition(
  tx: Db,
  params: { id: string; from: OrderState; to: OrderState; changes?: OrderChanges },
): Promise<TradeOrderRow | undefined> {
  const [row] = await tx
    .update(tradeOrders)
    .set({ ...params.changes, state: params.to })
    .where(and(eq(tradeOrders.id, params.id), eq(tradeOrders.state, params.from)))
    .returning();
  return row;
}

/** Changes an order's stop-loss and take-profit while it is still in `state`. */
export async function setStops(
  tx: Db,
  params: {
    id: string;
    userId: string;
    state: OrderState;
    stopLoss: string | null;
    takeProfit: string | null;
  },
): Promise<TradeOrderRow | undefined> {
  const [row] = await tx
    .update(tradeOrders)
    .set({ stopLoss: params.stopLoss, takeProfit: params.takeProfit })
    .where(and(owned(params.id, params.userId), eq(tradeOrders.state, params.state)))
    .returning();
  return row;
}

/**
 * A page of the user's orders in `states` (a tab; each tab's states match one partial index), newest
 * first, before `beforeSeq`; optionally of some markets only.
 */
export async function listPage(
  db: Db,
  params: {
    userId: string;
    states: readonly OrderState[];
    markets?: readonly string[];
    beforeSeq?: number;
    limit: number;
  },
) {
  return db
    .select()
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, params.userId),
        inArray(tradeOrders.state, [...params.states]),
        params.markets === undefined ? undefined : inArray(tradeOrders.market, [...params.markets]),
        params.beforeSeq === undefined ? undefined : lt(tradeOrders.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(tradeOrders.seq))
    .limit(params.limit);
}

/** Every position of the user that holds margin (open, or waiting to close), oldest first. */
export async function openPositions(db: Db, userId: string) {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), inArray(tradeOrders.state, ["open", "closing"])))
    .orderBy(asc(tradeOrders.seq));
}

/** Every order in `state`, of every user (the matching engine rebuilding its book at start). */
export async function ordersIn(db: Db, states: readonly ("pending" | "open" | "closing")[]) {
  return db
    .select()
    .from(tradeOrders)
    .where(inArray(tradeOrders.state, [...states]))
    .orderBy(asc(tradeOrders.seq));
}
