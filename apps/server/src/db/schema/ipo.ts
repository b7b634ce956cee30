import type { IpoSubscriptionState } from "@brokerage/api";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.js";
import { amount, instant } from "./columns.js";
import { journalEntries } from "./ledger.js";
import { tradeOrders } from "./trading.js";
import { users } from "./users.js";

export type IpoOfferingState = "active" | "drawn" | "listed" | "cancelled";

/**
 * New-share offerings (DESIGN §5 "Primary market"; packages/api ipo.ts), created in the back office. The
 * `seed` (32 random bytes, hex) is the lottery's: kept secret until the draw, while its SHA-256 (`seed_hash`)
 * is published from the start, so anyone can repeat the draw once the seed is published. The price is at
 * the currency's scale. The state moves only forward (active → drawn → listed, or → cancelled before
 * listing), each by an UPDATE on the row locked for it; the checks keep each state's columns honest.
 */
export const ipoOfferings = pgTable(
  "ipo_offerings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market").notNull(),
    currency: text("currency").notNull(),
    /** The underwriting price per share. */
    price: numeric("price", { precision: 38, scale: 10 }).notNull(),
    totalShares: bigint("total_shares", { mode: "number" }).notNull(),
    minQuantity: bigint("min_quantity", { mode: "number" }).notNull(),
    /** At most this many shares per subscription; null: no maximum. */
    maxQuantity: bigint("max_quantity", { mode: "number" }),
    /** How many times one user may subscribe. */
    subscriptionLimit: integer("subscription_limit").notNull(),
    leadBroker: text("lead_broker").notNull(),
    opensAt: instant("opens_at").notNull(),
    closesAt: instant("closes_at").notNull(),
    drawAt: instant("draw_at").notNull(),
    paymentDueAt: instant("payment_due_at").notNull(),
    listingAt: instant("listing_at").notNull(),
    /** Hex; never sent before the draw. */
    seed: text("seed").notNull(),
    /** SHA-256 (hex) of the seed's hex text: published from the start. */
    seedHash: text("seed_hash").notNull(),
    state: text("state").$type<IpoOfferingState>().notNull().default("active"),
    /** Winners ÷ subscriptions in percent, once drawn. */
    winRate: numeric("win_rate", { precision: 5, scale: 2 }),
    drawnAt: instant("drawn_at"),
    listedAt: instant("listed_at"),
    cancelledAt: instant("cancelled_at"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => adminUsers.id),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    index("ipo_offerings_seq_idx").on(t.seq.desc()),
    check("ipo_offerings_state_check", sql`${t.state} in ('active', 'drawn', 'listed', 'cancelled')`),
    check("ipo_offerings_price_check", sql`${t.price} > 0`),
    check(
      "ipo_offerings_quantity_check",
      sql`${t.totalShares} > 0 and ${t.minQuantity} > 0 and ${t.minQuantity} <= ${t.totalShares} and (${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity})`,
    ),
    check("ipo_offerings_limit_check", sql`${t.subscriptionLimit} >= 1`),
    check(
      "ipo_offerings_dates_check",
      sql`${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= ${t.drawAt} and ${t.drawAt} <= ${t.paymentDueAt} and ${t.paymentDueAt} <= ${t.listingAt}`,
    ),
    check("ipo_offerings_seed_check", sql`length(${t.seed}) = 64 and length(${t.seedHash}) = 64`),
    // Drawn with its win rate (a cancelled offering may have been drawn or not); listed and cancelled
    // exactly when their times are set.
    check("ipo_offerings_drawn_check", sql`(${t.drawnAt} is null) = (${t.winRate} is null)`),
    check(
      "ipo_offerings_drawn_state_check",
      sql`${t.state} not in ('drawn', 'listed') or ${t.drawnAt} is not null`,
    ),
    check("ipo_offerings_active_check", sql`${t.state} <> 'active' or ${t.drawnAt} is null`),
    check("ipo_offerings_listed_check", sql`(${t.state} = 'listed') = (${t.listedAt} is not null)`),
    check("ipo_offerings_cancelled_check", sql`(${t.state} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
);

export type IpoOfferingRow = typeof ipoOfferings.$inferSelect;

const entryId = (name: string) => bigint(name, { mode: "number" }).references(() => journalEntries.id);
const ALLOTTED = sql.raw(`('awaitingPayment', 'paid', 'listed', 'waived')`);
const DRAWN = sql.raw(`('notWon', 'awaitingPayment', 'paid', 'listed', 'waived')`);

/**
 * Subscriptions to an offering (packages/api ipo.ts "The life of a subscription"). A subscription holds
 * nothing until its winner pays (`payment_entry_id`, entry `ipoPayment` available → held); the listing opens
 * its position (`order_id`, a trade order of kind `ipo`), a cancellation refunds a payment
 * (`refund_entry_id`, entry `ipoRefund`). States change only by UPDATEs guarded on the state they leave.
 */
export const ipoSubscriptions = pgTable(
  "ipo_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    /** The number shown to the user: S and at least 10 digits, from `seq`. */
    subscriptionNo: text("subscription_no")
      .generatedAlwaysAs(sql`'S' || lpad(seq::text, greatest(10, length(seq::text)), '0')`)
      .notNull()
      .unique(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => ipoOfferings.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    allotted: bigint("allotted", { mode: "number" }).notNull().default(0),
    state: text("state").$type<IpoSubscriptionState>().notNull().default("applied"),
    /** SHA-256(seed + ":" + id), hex, written by the draw. */
    drawKey: text("draw_key"),
    /** The position opened at listing. */
    orderId: uuid("order_id").references(() => tradeOrders.id),
    /** What the winner paid (`ipoPayment`). */
    paymentAmount: amount("payment_amount"),
    paymentEntryId: entryId("payment_entry_id"),
    refundEntryId: entryId("refund_entry_id"),
    createdAt: instant("created_at").notNull(),
    drawnAt: instant("drawn_at"),
    paidAt: instant("paid_at"),
    listedAt: instant("listed_at"),
  },
  (t) => [
    index("ipo_subscriptions_user_idx").on(t.userId, t.seq),
    index("ipo_subscriptions_offering_idx").on(t.offeringId, t.seq),
    index("ipo_subscriptions_offering_state_idx").on(t.offeringId, t.state),
    check(
      "ipo_subscriptions_state_check",
      sql`${t.state} in ('applied', 'notWon', 'awaitingPayment', 'paid', 'listed', 'waived', 'failed')`,
    ),
    check("ipo_subscriptions_quantity_check", sql`${t.quantity} > 0`),
    // Whole subscriptions only: a winner is allotted all it asked for, everyone else nothing.
    check("ipo_subscriptions_allotted_check", sql`${t.allotted} = 0 or ${t.allotted} = ${t.quantity}`),
    check("ipo_subscriptions_won_check", sql`${t.state} not in ${ALLOTTED} or ${t.allotted} > 0`),
    check(
      "ipo_subscriptions_not_won_check",
      sql`${t.state} not in ('applied', 'notWon') or ${t.allotted} = 0`,
    ),
    check("ipo_subscriptions_draw_key_check", sql`(${t.drawKey} is null) = (${t.drawnAt} is null)`),
    check("ipo_subscriptions_drawn_check", sql`${t.state} not in ${DRAWN} or ${t.drawKey} is not null`),
    check("ipo_subscriptions_applied_check", sql`${t.state} <> 'applied' or ${t.drawKey} is null`),
    check(
      "ipo_subscriptions_paid_check",
      sql`(${t.paymentEntryId} is null) = (${t.paidAt} is null) and (${t.paymentEntryId} is null) = (${t.paymentAmount} is null)`,
    ),
    check(
      "ipo_subscriptions_payment_check",
      sql`${t.state} not in ('paid', 'listed') or ${t.paymentEntryId} is not null`,
    ),
    check(
      "ipo_subscriptions_refund_check",
      sql`(${t.refundEntryId} is not null) = (${t.paymentEntryId} is not null and ${t.state} = 'failed')`,
    ),
    check(
      "ipo_subscriptions_listed_check",
      sql`(${t.state} = 'listed') = (${t.orderId} is not null and ${t.listedAt} is not null)`,
    ),
  ],
);

export type IpoSubscriptionRow = typeof ipoSubscriptions.$inferSelect;
