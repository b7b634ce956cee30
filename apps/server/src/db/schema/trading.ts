import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { CloseReason, OrderDirection, OrderKind, OrderState, PriceType } from "@brokerage/api";
import { instant } from "./columns.js";
import { journalEntries } from "./ledger.js";
import { users } from "./users.js";

/** Money: numeric read as strings, at most 8 decimals (as the ledger's amounts). */
const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });
/** Prices: numeric with the limit book's 10 decimals (core PRICE_DECIMALS), read as strings. */
const price = (name: string) => numeric(name, { precision: 38, scale: 10 });
const entryId = (name: string) => bigint(name, { mode: "number" }).references(() => journalEntries.id);

const LIVE = sql.raw(`'pending', 'open', 'closing'`);

/**
 * Orders and the positions they open (DESIGN §5 "Orders and positions"; spec §3 "Order or position"): one
 * record, one state, as packages/api trading.ts describes. Money columns are in `currency`, the
 * instrument's settlement currency, at its scale; `margin` and `open_fee` are what was held while the order
 * waited and what was booked when it filled. The state is only ever changed by an UPDATE guarded on the
 * state it leaves (`where state = 'pending'`), so two concurrent transitions cannot both happen.
 *
 * The user's lists page newest first by `seq` (lib/cursor.ts) within a tab; each tab has its own partial
 * index, and the matching engine reads the live rows (`pending`, `open`, `closing`) through another.
 */
export const tradeOrders = pgTable(
  "trade_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    /** The order number shown to the user: T and at least 10 digits, from `seq`. */
    orderNo: text("order_no")
      .generatedAlwaysAs(sql`'T' || lpad(seq::text, greatest(10, length(seq::text)), '0')`)
      .notNull()
      .unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind").$type<OrderKind>().notNull().default("normal"),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market").notNull(),
    currency: text("currency").notNull(),
    direction: text("direction").$type<OrderDirection>().notNull(),
    priceType: text("price_type").$type<PriceType>().notNull(),
    state: text("state").$type<OrderState>().notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    leverage: integer("leverage").notNull(),
    limitPrice: price("limit_price"),
    stopLoss: price("stop_loss"),
    takeProfit: price("take_profit"),
    margin: amount("margin").notNull(),
    openFee: amount("open_fee").notNull(),
    createdAt: instant("created_at").notNull(),
    openedAt: instant("opened_at"),
    openPrice: price("open_price"),
    lockedUntil: instant("locked_until"),
    /** When the owner asked to close while the market was shut (state `closing`). */
    closeRequestedAt: instant("close_requested_at"),
    closedAt: instant("closed_at"),
    closePrice: price("close_price"),
    closeFee: amount("close_fee"),
    stampDuty: amount("stamp_duty"),
    /** Realised P&L once closed (what the position shows; the part the platform absorbed is not charged). */
    pnl: amount("pnl"),
    closeReason: text("close_reason").$type<CloseReason>(),
    declineReason: text("decline_reason"),
    /** A pending order expires at the market's close after it was placed. */
    expiresAt: instant("expires_at"),
    /** The entries that booked it: the hold of a waiting order, the margin of the fill, release, close. */
    holdEntryId: entryId("hold_entry_id"),
    openEntryId: entryId("open_entry_id"),
    releaseEntryId: entryId("release_entry_id"),
    closeEntryId: entryId("close_entry_id"),
  },
  (t) => [
    index("trade_orders_user_purchase_idx")
      .on(t.userId, t.seq)
      .where(sql`${t.state} in ('pending', 'review')`),
    index("trade_orders_user_position_idx")
      .on(t.userId, t.seq)
      .where(sql`${t.state} in ('open', 'closing')`),
    index("trade_orders_user_finished_idx")
      .on(t.userId, t.seq)
      .where(sql`${t.state} in ('closed', 'cancelled', 'expired', 'declined')`),
    index("trade_orders_live_idx")
      .on(t.symbol, t.state)
      .where(sql`${t.state} in (${LIVE})`),
    check(
      "trade_orders_state_check",
      sql`${t.state} in ('pending', 'review', 'open', 'closing', 'closed', 'cancelled', 'expired', 'declined')`,
    ),
    check("trade_orders_kind_check", sql`${t.kind} in ('normal', 'blockTrade', 'dayTrade')`),
    check("trade_orders_direction_check", sql`${t.direction} in ('long', 'short')`),
    check("trade_orders_price_type_check", sql`${t.priceType} in ('market', 'limit')`),
    check(
      "trade_orders_close_reason_check",
      sql`${t.closeReason} in ('user', 'stopLoss', 'takeProfit', 'liquidation', 'dayEnd')`,
    ),
    check("trade_orders_quantity_check", sql`${t.quantity} > 0`),
    check("trade_orders_leverage_check", sql`${t.leverage} >= 1`),
    check("trade_orders_money_check", sql`${t.margin} >= 0 and ${t.openFee} >= 0`),
    check("trade_orders_limit_check", sql`(${t.priceType} = 'limit') = (${t.limitPrice} is not null)`),
    // A position that opened has its price and time; a closed one its close.
    check(
      "trade_orders_opened_check",
      sql`${t.state} not in ('open', 'closing', 'closed') or (${t.openPrice} is not null and ${t.openedAt} is not null)`,
    ),
    check(
      "trade_orders_closed_check",
      sql`${t.state} <> 'closed' or (${t.closePrice} is not null and ${t.closedAt} is not null and ${t.pnl} is not null)`,
    ),
  ],
);

export type TradeOrderRow = typeof tradeOrders.$inferSelect;
