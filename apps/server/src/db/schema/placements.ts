import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { PlacementEligibility, PlacementKind } from "@brokerage/api";
import { adminUsers } from "./admin.js";
import { amount, instant } from "./columns.js";

/**
 * Placement and capital-increase offers (DESIGN §4.1 "Placements", §5 "Primary market"), made in the back
 * office: new shares of one listed instrument at a fixed price, a minimum and an optional maximum amount
 * per subscription (price × shares, in the instrument's currency), a window, who may apply (`verified`:
 * every verified user; `holders`: verified users holding the instrument) and how long the allotted
 * position stays locked (trading days, core `lockedUntil`). A subscription is a `trade_orders` row of kind
 * `placement` under `review`, its amount held, until a reviewer decides it (review kind `placement`).
 * `withdrawn` offers take no new subscriptions; rows are never deleted (orders point at them).
 */
export const placementOffers = pgTable(
  "placement_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    kind: text("kind").$type<PlacementKind>().notNull(),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market").notNull(),
    currency: text("currency").notNull(),
    /** The fixed price per share, with the limit book's 10 decimals (as trade_orders prices). */
    price: numeric("price", { precision: 38, scale: 10 }).notNull(),
    /** The least one subscription may be worth (price × shares, before the commission). */
    minAmount: amount("min_amount").notNull(),
    /** The most one subscription may be worth; null: no maximum. */
    maxAmount: amount("max_amount"),
    opensAt: instant("opens_at").notNull(),
    closesAt: instant("closes_at").notNull(),
    eligibility: text("eligibility").$type<PlacementEligibility>().notNull(),
    /** Positions allotted from this offer are locked for this many trading days after approval. */
    lockDays: integer("lock_days").notNull(),
    state: text("state").$type<"active" | "withdrawn">().notNull().default("active"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => adminUsers.id),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    index("placement_offers_open_idx")
      .on(t.closesAt)
      .where(sql`${t.state} = 'active'`),
    check("placement_offers_kind_check", sql`${t.kind} in ('placement', 'capitalIncrease')`),
    check("placement_offers_eligibility_check", sql`${t.eligibility} in ('verified', 'holders')`),
    check("placement_offers_state_check", sql`${t.state} in ('active', 'withdrawn')`),
    check("placement_offers_price_check", sql`${t.price} > 0`),
    check(
      "placement_offers_amount_check",
      sql`${t.minAmount} > 0 and (${t.maxAmount} is null or ${t.maxAmount} >= ${t.minAmount})`,
    ),
    check("placement_offers_window_check", sql`${t.closesAt} > ${t.opensAt}`),
    check("placement_offers_lock_check", sql`${t.lockDays} >= 0`),
  ],
);

export type PlacementOfferRow = typeof placementOffers.$inferSelect;
