import type { IpoSubscriptionState } from "@brokerage/api";
import type { AllocationRule, BeaconProvider } from "@brokerage/core";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
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
    /** The underwriting price per share in force (the provisional one until it is made final). */
    price: numeric("price", { precision: 38, scale: 10 }).notNull(),
    /**
     * A provisional price: the one saved (null: the price was final from the start), the instant it becomes
     * final, the final price staff set before then (null: none, the provisional one stands) and when the
     * scheduler made it final (`price` is then the final one; docs/ipo.md "A provisional price").
     */
    provisionalPrice: numeric("provisional_price", { precision: 38, scale: 10 }),
    priceFinalAt: instant("price_final_at"),
    finalPrice: numeric("final_price", { precision: 38, scale: 10 }),
    priceFixedAt: instant("price_fixed_at"),
    totalShares: bigint("total_shares", { mode: "bigint" }).notNull(),
    minQuantity: bigint("min_quantity", { mode: "bigint" }).notNull(),
    /** At most this many shares per subscription; null: no maximum. */
    maxQuantity: bigint("max_quantity", { mode: "bigint" }),
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
    /** The allocation rule, published before anyone applies (core ALLOCATION_RULES). */
    allocationRule: text("allocation_rule").$type<AllocationRule>().notNull().default("proRata"),
    /** Shares per lot: allotments are whole lots; the lottery's one lot per winner. */
    lotSize: bigint("lot_size", { mode: "bigint" })
      .notNull()
      .default(sql`1`),
    /** The beacon and its round announced when the offering is made (null: drawn before beacons). */
    beaconProvider: text("beacon_provider").$type<BeaconProvider>(),
    beaconRound: bigint("beacon_round", { mode: "number" }),
    /** The Merkle root of the applications (hex), published at the close, and how many it covers. */
    applicationsRoot: text("applications_root"),
    applicationsCount: integer("applications_count"),
    rootPublishedAt: instant("root_published_at"),
    /** The beacon's randomness the draw used (hex), and the digest of the allotments it made. */
    randomness: text("randomness"),
    drawDigest: text("draw_digest"),
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
    // A provisional price has its time, final no later than the close (the root is of final applications);
    // a final price set and a price made final belong to a provisional one.
    check(
      "ipo_offerings_provisional_check",
      sql`(${t.provisionalPrice} is null) = (${t.priceFinalAt} is null) and (${t.provisionalPrice} is null or (${t.provisionalPrice} > 0 and ${t.priceFinalAt} <= ${t.closesAt}))`,
    ),
    check(
      "ipo_offerings_final_price_check",
      sql`(${t.finalPrice} is null or (${t.finalPrice} > 0 and ${t.provisionalPrice} is not null)) and (${t.priceFixedAt} is null or ${t.provisionalPrice} is not null)`,
    ),
    // Nothing is sealed or drawn at a price still provisional.
    check(
      "ipo_offerings_price_fixed_check",
      sql`${t.provisionalPrice} is null or ${t.priceFixedAt} is not null or (${t.applicationsRoot} is null and ${t.drawnAt} is null)`,
    ),
    check(
      "ipo_offerings_quantity_check",
      sql`${t.totalShares} > 0 and ${t.minQuantity} > 0 and ${t.minQuantity} <= ${t.totalShares} and (${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity})`,
    ),
    check(
      "ipo_offerings_rule_check",
      sql`${t.allocationRule} in ('lottery', 'equalThenProRata', 'proRata') and ${t.lotSize} > 0 and ${t.lotSize} <= ${t.minQuantity}`,
    ),
    check(
      "ipo_offerings_root_check",
      sql`(${t.applicationsRoot} is null) = (${t.rootPublishedAt} is null) and (${t.applicationsRoot} is null) = (${t.applicationsCount} is null)`,
    ),
    check("ipo_offerings_randomness_check", sql`(${t.randomness} is null) = (${t.drawDigest} is null)`),
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
 * Subscriptions to an offering (packages/api ipo.ts "The life of a subscription"). A subscription blocks
 * its amount when it is made (`held_amount`, `hold_entry_id`: entry `ipoPayment` available → held); what
 * goes back (`ipoRefund` held → available: a loss, the unallotted part, a waiver, a lapse, a cancellation)
 * adds up in `released_amount`, the last such entry in `refund_entry_id`. A winner's payment comes from the
 * hold (`payment_amount`, `paid_at`; `payment_entry_id` only on subscriptions made before blocking, whose
 * payment was its own hold). The listing opens its position (`order_id`, a trade order of kind `ipo`) with
 * what is still held. States change only by UPDATEs guarded on the state they leave.
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
    quantity: bigint("quantity", { mode: "bigint" }).notNull(),
    allotted: bigint("allotted", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    state: text("state").$type<IpoSubscriptionState>().notNull().default("applied"),
    /** Its rank in the draw, SHA-256(randomness ":" leaf) hex (before beacons: SHA-256(seed ":" id)). */
    drawKey: text("draw_key"),
    /** The position opened at listing. */
    orderId: uuid("order_id").references(() => tradeOrders.id),
    /** Moved from available to held for the subscription in all (the block; a legacy row's payment). */
    heldAmount: amount("held_amount").notNull().default("0"),
    /** Moved back from held to available in all. */
    releasedAmount: amount("released_amount").notNull().default("0"),
    /** The block booked when the subscription was made. */
    holdEntryId: entryId("hold_entry_id"),
    /** What the winner paid for the allotment, out of the hold. */
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
    // The rules allot whole lots, never more than asked for (packages/core ipo/allocation.ts).
    check(
      "ipo_subscriptions_allotted_range_check",
      sql`${t.allotted} >= 0 and ${t.allotted} <= ${t.quantity}`,
    ),
    check("ipo_subscriptions_won_check", sql`${t.state} not in ${ALLOTTED} or ${t.allotted} > 0`),
    check(
      "ipo_subscriptions_not_won_check",
      sql`${t.state} not in ('applied', 'notWon') or ${t.allotted} = 0`,
    ),
    check("ipo_subscriptions_draw_key_check", sql`(${t.drawKey} is null) = (${t.drawnAt} is null)`),
    check("ipo_subscriptions_drawn_check", sql`${t.state} not in ${DRAWN} or ${t.drawKey} is not null`),
    check("ipo_subscriptions_applied_check", sql`${t.state} <> 'applied' or ${t.drawKey} is null`),
    check("ipo_subscriptions_paid_check", sql`(${t.paidAt} is null) = (${t.paymentAmount} is null)`),
    check(
      "ipo_subscriptions_payment_check",
      sql`${t.state} not in ('paid', 'listed') or ${t.paidAt} is not null`,
    ),
    // Never more released than held; an ended subscription holds nothing any more, and a paid or listed one
    // holds (or moved to its position) exactly its payment.
    check(
      "ipo_subscriptions_held_check",
      sql`${t.releasedAmount} >= 0 and ${t.heldAmount} >= ${t.releasedAmount}`,
    ),
    check(
      "ipo_subscriptions_released_check",
      sql`${t.state} not in ('notWon', 'waived', 'failed') or ${t.releasedAmount} = ${t.heldAmount}`,
    ),
    check(
      "ipo_subscriptions_paid_held_check",
      sql`${t.state} not in ('paid', 'listed') or ${t.heldAmount} - ${t.releasedAmount} = ${t.paymentAmount}`,
    ),
    check("ipo_subscriptions_refund_check", sql`${t.refundEntryId} is null or ${t.releasedAmount} > 0`),
    check(
      "ipo_subscriptions_listed_check",
      sql`(${t.state} = 'listed') = (${t.orderId} is not null and ${t.listedAt} is not null)`,
    ),
  ],
);

export type IpoSubscriptionRow = typeof ipoSubscriptions.$inferSelect;

/**
 * The beacon rounds draws have read (docs/primary-market.md "The randomness"): drand's as fetched (with the
 * signature the randomness is the SHA-256 of), the local beacon's as it drew them when first asked for a
 * round after its time. A round is written once and read back by every later draw that announced it.
 */
export const ipoBeaconRounds = pgTable(
  "ipo_beacon_rounds",
  {
    provider: text("provider").$type<BeaconProvider>().notNull(),
    round: bigint("round", { mode: "number" }).notNull(),
    randomness: text("randomness").notNull(),
    signature: text("signature"),
    recordedAt: instant("recorded_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.round] }),
    check("ipo_beacon_rounds_randomness_check", sql`${t.randomness} ~ '^[0-9a-f]{64}$'`),
  ],
);
