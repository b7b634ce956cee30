import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CloseReason, OrderDirection, OrderKind, OrderState, PriceType } from "@brokerage/api";
import { amount, instant } from "./columns.js";
import { adminUsers } from "./admin.js";
import { journalEntries } from "./ledger.js";
import { placementOffers } from "./placements.js";
import { users } from "./users.js";

/** Prices: numeric with the limit book's 10 decimals (core PRICE_DECIMALS), read as strings. */
const price = (name: string) => numeric(name, { precision: 38, scale: 10 });
/** Quantities: decimals of shares, coins or currency units (core QUANTITY_DECIMALS), read as strings. */
const quantity = (name: string) => numeric(name, { precision: 28, scale: 8 });
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
    /** The block-trade offer a `blockTrade` order subscribed to (its price, minimum and lock). */
    offerId: uuid("offer_id").references((): AnyPgColumn => blockTradeOffers.id),
    /** The placement or capital-increase offer a `placement` order subscribed to (its price and lock). */
    placementOfferId: uuid("placement_offer_id").references(() => placementOffers.id),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market").notNull(),
    currency: text("currency").notNull(),
    direction: text("direction").$type<OrderDirection>().notNull(),
    priceType: text("price_type").$type<PriceType>().notNull(),
    state: text("state").$type<OrderState>().notNull(),
    quantity: quantity("quantity").notNull(),
    leverage: integer("leverage").notNull(),
    limitPrice: price("limit_price"),
    stopLoss: price("stop_loss"),
    takeProfit: price("take_profit"),
    margin: amount("margin").notNull(),
    openFee: amount("open_fee").notNull(),
    /**
     * The opening trade's charges, component by component (core `ChargeLine[]` as JSON text; their sum is
     * `openFee`): as held at the limit while pending, as booked once filled. Text, not jsonb: the batched
     * insert writes rows through `jsonb_populate_recordset`, which would store a jsonb value as a string.
     */
    openCharges: text("open_charges"),
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
    /** The closing trade's charges, component by component (JSON text; their sum is closeFee + stampDuty). */
    closeCharges: text("close_charges"),
    /**
     * Realised P&L once closed, gross: the price move times the quantity (the part the platform absorbed is
     * not charged). The position shows it net of `open_fee`, `close_fee`, `stamp_duty`, plus `protection`.
     */
    pnl: amount("pnl"),
    /** What negative balance protection paid in at the close (null until closed; 0 for most closes). */
    protection: amount("protection"),
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
    index("trade_orders_offer_idx")
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    index("trade_orders_placement_offer_idx")
      .on(t.placementOfferId)
      .where(sql`${t.placementOfferId} is not null`),
    index("trade_orders_live_idx")
      .on(t.symbol, t.state)
      .where(sql`${t.state} in (${LIVE})`),
    check(
      "trade_orders_state_check",
      sql`${t.state} in ('pending', 'review', 'open', 'closing', 'closed', 'cancelled', 'expired', 'declined')`,
    ),
    check(
      "trade_orders_kind_check",
      sql`${t.kind} in ('normal', 'blockTrade', 'dayTrade', 'ipo', 'placement')`,
    ),
    check("trade_orders_direction_check", sql`${t.direction} in ('long', 'short')`),
    check("trade_orders_price_type_check", sql`${t.priceType} in ('market', 'limit')`),
    check(
      "trade_orders_close_reason_check",
      sql`${t.closeReason} in ('user', 'stopLoss', 'takeProfit', 'liquidation', 'dayEnd')`,
    ),
    check("trade_orders_quantity_check", sql`${t.quantity} > 0`),
    check("trade_orders_offer_check", sql`(${t.kind} = 'blockTrade') = (${t.offerId} is not null)`),
    check(
      "trade_orders_placement_offer_check",
      sql`(${t.kind} = 'placement') = (${t.placementOfferId} is not null)`,
    ),
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

/**
 * Block-trade offers (DESIGN §5 "Primary market"), created in the back office: one instrument at a
 * discounted price, a minimum share count, a subscription window, how long the positions stay locked
 * (trading days, core `lockedUntil`), and an optional secret key the user must quote (kept as a SHA-256
 * hash; staff hand the key out). A user's subscription is a `trade_orders` row of kind `blockTrade` in
 * state `review`, its margin and fee held, until a reviewer decides (review kind `blockTrade`).
 * `withdrawn` offers take no new subscriptions; rows are never deleted (orders point at them).
 */
export const blockTradeOffers = pgTable(
  "block_trade_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market").notNull(),
    currency: text("currency").notNull(),
    /** The offer's price per share, below the market's (the discount is shown against the live price). */
    price: price("price").notNull(),
    minQuantity: bigint("min_quantity", { mode: "bigint" }).notNull(),
    /** At most this many shares per subscription; null: no maximum. */
    maxQuantity: bigint("max_quantity", { mode: "bigint" }),
    opensAt: instant("opens_at").notNull(),
    closesAt: instant("closes_at").notNull(),
    /** Positions opened from this offer are locked for this many trading days after approval. */
    lockDays: integer("lock_days").notNull(),
    /** SHA-256 (hex) of the secret key; null: no key asked. */
    secretKeyHash: text("secret_key_hash"),
    state: text("state").$type<"active" | "withdrawn">().notNull().default("active"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => adminUsers.id),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    index("block_trade_offers_open_idx")
      .on(t.closesAt)
      .where(sql`${t.state} = 'active'`),
    check("block_trade_offers_state_check", sql`${t.state} in ('active', 'withdrawn')`),
    check("block_trade_offers_price_check", sql`${t.price} > 0`),
    check(
      "block_trade_offers_quantity_check",
      sql`${t.minQuantity} > 0 and (${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity})`,
    ),
    check("block_trade_offers_window_check", sql`${t.closesAt} > ${t.opensAt}`),
    check("block_trade_offers_lock_check", sql`${t.lockDays} >= 0`),
  ],
);

export type BlockTradeOfferRow = typeof blockTradeOffers.$inferSelect;

/**
 * Day-trading applications (DESIGN §5 "Primary market": "Day trading: an application reviewed by staff").
 * The user asks for a day-trading allowance in one currency; the amount is held from `available` while
 * the application waits (fund flow "day-trade review"), and released when it is decided either way. An
 * approved application lets the user open `dayTrade` positions (no lock, closed at the market's close)
 * whose margins together stay within the allowance. One pending application per user at a time; the
 * latest approved one is the user's allowance.
 */
export const dayTradingApplications = pgTable(
  "day_trading_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    state: text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    reason: text("reason"),
    holdEntryId: entryId("hold_entry_id"),
    releaseEntryId: entryId("release_entry_id"),
    createdAt: instant("created_at").notNull(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    uniqueIndex("day_trading_applications_one_pending")
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index("day_trading_applications_user_idx").on(t.userId, t.seq),
    check("day_trading_applications_state_check", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("day_trading_applications_amount_check", sql`${t.amount} > 0`),
  ],
);

export type DayTradingApplicationRow = typeof dayTradingApplications.$inferSelect;
