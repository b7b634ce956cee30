import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { FollowHoldingState } from "@brokerage/api";
import { adminUsers } from "./admin.js";
import { amount, instant } from "./columns.js";
import { users } from "./users.js";

const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * Copy products (DESIGN §4.1 "Copy trading", docs/copy-trading.md). Each is a real portfolio: the account
 * `portfolio_user_id` (a users row that cannot log in) holds its ledger accounts and places its orders
 * through the normal order path. `units`, `nav`, the high-water mark and the fees accrued are written only
 * by the NAV marks (modules/follow marks.ts), never by a staff call.
 */
export const followProducts = pgTable(
  "follow_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    name: text("name").notNull(),
    strategy: text("strategy").notNull(),
    leaderUserId: uuid("leader_user_id")
      .notNull()
      .references(() => users.id),
    portfolioUserId: uuid("portfolio_user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    minBuy: amount("min_buy").notNull(),
    maxBuy: amount("max_buy"),
    opensAt: instant("opens_at").notNull(),
    closesAt: instant("closes_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    private: boolean("private").notNull(),
    /** argon2id of the channel password of a private product. */
    channelPasswordHash: text("channel_password_hash"),
    earlyRedeem: boolean("early_redeem").notNull(),
    managementFeeRate: rate("management_fee_rate").notNull(),
    performanceFeeRate: rate("performance_fee_rate").notNull(),
    leaderShare: rate("leader_share").notNull(),
    state: text("state").$type<"active" | "closing" | "ended" | "closed">().notNull().default("active"),
    closeReason: text("close_reason"),
    closedAt: instant("closed_at"),
    units: amount("units").notNull().default("0"),
    nav: amount("nav").notNull().default("1"),
    navAt: instant("nav_at"),
    highWaterMark: amount("high_water_mark").notNull().default("1"),
    accruedManagement: amount("accrued_management").notNull().default("0"),
    accruedPerformance: amount("accrued_performance").notNull().default("0"),
    leaderPaid: amount("leader_paid").notNull().default("0"),
    platformPaid: amount("platform_paid").notNull().default("0"),
    /** The UTC day (YYYY-MM-DD) whose first mark last settled the fees. */
    feesSettledDay: text("fees_settled_day"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => adminUsers.id),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("follow_products_portfolio_unique").on(t.portfolioUserId),
    index("follow_products_live_idx")
      .on(t.seq)
      .where(sql`${t.state} in ('active', 'closing')`),
    check("follow_products_state_check", sql`${t.state} in ('active', 'closing', 'ended', 'closed')`),
    check(
      "follow_products_buy_check",
      sql`${t.minBuy} > 0 and (${t.maxBuy} is null or ${t.maxBuy} >= ${t.minBuy})`,
    ),
    check("follow_products_window_check", sql`${t.closesAt} > ${t.opensAt} and ${t.endsAt} >= ${t.closesAt}`),
    check(
      "follow_products_rates_check",
      sql`${t.managementFeeRate} between 0 and 1 and ${t.performanceFeeRate} between 0 and 1 and ${t.leaderShare} between 0 and 1`,
    ),
    check("follow_products_units_check", sql`${t.units} >= 0 and ${t.nav} >= 0`),
    check("follow_products_private_check", sql`not ${t.private} or ${t.channelPasswordHash} is not null`),
  ],
);

/**
 * A follower's holding of a product (a copy order). `pending`: the amount held in the follower's `held`
 * account until the next mark buys units; `active`; `redeeming` (paid at the next mark); ended states keep
 * the payout and the NAV it was made at.
 */
export const followHoldings = pgTable(
  "follow_holdings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => followProducts.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    state: text("state").$type<FollowHoldingState>().notNull(),
    amount: amount("amount").notNull(),
    copyStopLoss: integer("copy_stop_loss").notNull(),
    stopValue: amount("stop_value").notNull(),
    units: amount("units"),
    buyNav: amount("buy_nav"),
    createdAt: instant("created_at").notNull(),
    since: instant("since"),
    redeemRequestedAt: instant("redeem_requested_at"),
    endedAt: instant("ended_at"),
    payoutNav: amount("payout_nav"),
    payout: amount("payout"),
    endReason: text("end_reason").$type<"redeemed" | "stopLoss" | "endTime" | "closed">(),
  },
  (t) => [
    index("follow_holdings_user_idx").on(t.userId, t.seq),
    index("follow_holdings_product_idx").on(t.productId, t.state),
    check(
      "follow_holdings_state_check",
      sql`${t.state} in ('pending', 'active', 'redeeming', 'redeemed', 'stoppedOut', 'paidOut', 'closedOut')`,
    ),
    check("follow_holdings_stop_check", sql`${t.copyStopLoss} between 5 and 95`),
    check("follow_holdings_amount_check", sql`${t.amount} > 0 and (${t.units} is null or ${t.units} >= 0)`),
  ],
);

/** Every NAV mark of a product: the NAV, the value it stood on, the units and the fees accrued then. */
export const followNavs = pgTable(
  "follow_navs",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => followProducts.id),
    at: instant("at").notNull(),
    nav: amount("nav").notNull(),
    value: amount("value").notNull(),
    units: amount("units").notNull(),
    accruedFees: amount("accrued_fees").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.at] })],
);
