import type { OrderState } from "@brokerage/api";
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { securitiesLoans, tradeOrders, type TradeOrderRow } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): orders and positions. Every read of a user's rows is scoped by the user. */

export type { TradeOrderRow };
export type NewOrder = typeof tradeOrders.$inferInsert;
/** What a transition may change besides the state. */
export type OrderChanges = Partial<Omit<NewOrder, "id" | "seq" | "orderNo" | "userId" | "state">>;

/**
 * An order row with every field (the table's columns by their names in code) null, in the columns' order:
 * `insertedOrder` copies it and fills in what was written, rather than building 35 fields per order.
 */
const EMPTY_ORDER: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.keys(getTableColumns(tradeOrders)).map((key) => [key, null]),
);

/** An order about to be inserted, as a row: what is written, with what the database generates (`row`). */
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

/** The order table's columns the server writes (not the generated `seq` and `order_no`), by field name. */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(tradeOrders)).filter(
  ([key]) => key !== "seq" && key !== "orderNo",
);

/**
 * `count` order sequence numbers reserved for orders written later in the transaction (`insertOrdersSql`),
 * so that their order numbers (`orderNoOf`) are known before they are written. A number reserved and not
 * used (the order was refused) is a gap, as a rolled-back insert leaves.
 */
export function reserveOrderSeqsSql(count: number): SQL {
  return sql`select nextval(pg_get_serial_sequence('trade_orders', 'seq'))::text as seq
    from generate_series(1, ${count}::int)`;
}

/** An order's number from its sequence number, as the generated column `order_no` writes it. */
export const orderNoOf = (seq: number): string => `T${String(seq).padStart(10, "0")}`;

/** The columns `insertOrdersSql` writes: the server's, and the reserved `seq`. */
const INSERTED_NAMES = sql.raw(
  [...WRITTEN_COLUMNS.map(([, column]) => `"${column.name}"`), `"seq"`].join(", "),
);

/**
 * Inserts orders in one statement (each with its id chosen by the caller and its `seq` reserved by
 * `reserveOrderSeqsSql`), the rows as one JSON array of records: a statement to send with a money call's
 * COMMIT. It writes every row or fails. A field a row leaves out is written NULL, but the kind (its
 * column's default, `normal`).
 */
export function insertOrdersSql(rows: readonly (NewOrder & { id: string; seq: number })[]): SQL {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of WRITTEN_COLUMNS) {
      const value = row[key as keyof NewOrder];
      if (value !== undefined) record[column.name] = value === null ? null : column.mapToDriverValue(value);
    }
    record.kind ??= "normal";
    record.seq = row.seq;
    return record;
  });
  return sql`insert into trade_orders (${INSERTED_NAMES}) overriding system value
    select ${INSERTED_NAMES} from jsonb_populate_recordset(null::trade_orders, ${JSON.stringify(records)}::jsonb)`;
}

export async function insertOrder(tx: Db, values: NewOrder): Promise<TradeOrderRow> {
  const [row] = await tx.insert(tradeOrders).values(values).returning();
  if (!row) throw new Error("order not inserted");
  return row;
}

/**
 * The user's orders partition into three tabs of states, each with a partial index on (user_id, seq):
 * a list of one kind of order (block trades, placements) queries each tab apart, so every query walks its
 * index newest first instead of scanning the user's orders of every kind.
 */
export const INDEXED_STATE_GROUPS: readonly (readonly OrderState[])[] = [
  ["pending", "review"],
  ["open", "closing"],
  ["closed", "cancelled", "expired", "declined"],
];

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
 * Until when shares of the position are lent (modules/lending; epoch ms), or null when none are: every close
 * passes it to the transition rules, which refuse POSITION_LENT before it. Read after the position's row is
 * locked, so a lending approved meanwhile (which locks the row too) is seen.
 */
export async function lentUntil(tx: Db, positionId: string): Promise<number | null> {
  const [row] = await tx
    .select({ endsAt: sql<Date | string | null>`max(${securitiesLoans.endsAt})` })
    .from(securitiesLoans)
    .where(and(eq(securitiesLoans.positionId, positionId), eq(securitiesLoans.state, "inProgress")));
  const endsAt = row?.endsAt;
  return endsAt === null || endsAt === undefined ? null : new Date(endsAt).getTime();
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

/**
 * The positions that were open at the instant `at`, of every user (or of one): opened before it and not
 * closed before it, whatever they are now (the daily marks value the equity of a day that has ended).
 */
export async function positionsOpenAt(db: Db, at: Date, userId?: string) {
  return db
    .select()
    .from(tradeOrders)
    .where(
      and(
        userId === undefined ? undefined : eq(tradeOrders.userId, userId),
        inArray(tradeOrders.state, ["open", "closing", "closed"]),
        lt(tradeOrders.openedAt, at),
        or(isNull(tradeOrders.closedAt), gte(tradeOrders.closedAt, at)),
      ),
    );
}

/**
 * The user's closed positions summed per settlement currency: their P&L net of every cost (gross P&L,
 * plus what protection paid in, less the opening and closing charges) and those charges.
 */
export async function closedSums(db: Db, userId: string) {
  const charges = sql`${tradeOrders.openFee} + coalesce(${tradeOrders.closeFee}, 0) + coalesce(${tradeOrders.stampDuty}, 0)`;
  return db
    .select({
      currency: tradeOrders.currency,
      net: sql<string>`sum(${tradeOrders.pnl} + coalesce(${tradeOrders.protection}, 0) - (${charges}))::text`,
      costs: sql<string>`sum(${charges})::text`,
    })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), eq(tradeOrders.state, "closed")))
    .groupBy(tradeOrders.currency);
}
