import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { amount, instant } from "./columns.js";
import { tradeOrders } from "./trading.js";
import { users } from "./users.js";

/**
 * Risk (docs/risk.md): the loss statistics as computed and published, the users' acknowledgements of the
 * risk warning, their kill switch and daily loss limits, and the margin-call ladder's state per position.
 */

/**
 * A product's loss share for one period, computed once and kept: `quarterly` the published figure (ESMA:
 * every three months over the 12 months before), `daily` the display figure of each day. The first
 * computation of a period writes it; a later one (another process) finds it there.
 */
export const riskStatistics = pgTable(
  "risk_statistics",
  {
    product: text("product").notNull(),
    kind: text("kind").$type<"quarterly" | "daily">().notNull(),
    periodFrom: instant("period_from").notNull(),
    periodTo: instant("period_to").notNull(),
    accounts: integer("accounts").notNull(),
    lost: integer("lost").notNull(),
    /** lost ÷ accounts, 4 decimals; null when no account is counted. */
    lostShare: text("lost_share"),
    computedAt: instant("computed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.product, t.kind, t.periodTo] }),
    check("risk_statistics_kind_check", sql`${t.kind} in ('quarterly', 'daily')`),
    check("risk_statistics_counts_check", sql`${t.lost} >= 0 and ${t.lost} <= ${t.accounts}`),
  ],
);

/** A user's acknowledgement of a product's risk warning, with the figure shown then. */
export const riskAcknowledgements = pgTable(
  "risk_acknowledgements",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    product: text("product").notNull(),
    acknowledgedAt: instant("acknowledged_at").notNull(),
    /** The published share shown when acknowledged (null: none published yet) and its period's end. */
    lostShare: text("lost_share"),
    periodTo: instant("period_to").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.product] })],
);

/** A user's kill switch: no new orders until `lockedUntil` (only ever moved later). */
export const tradingLocks = pgTable("trading_locks", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "restrict" }),
  lockedUntil: instant("locked_until").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * A user's daily loss limit in a currency: `amount` in force (null: none); a raise or a removal waits in
 * `nextAmount` (null with `nextFrom` set: removal) until `nextFrom`, the next day's start. A lower limit
 * applies at once.
 */
export const lossLimits = pgTable(
  "loss_limits",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    amount: amount("amount"),
    nextAmount: amount("next_amount"),
    nextFrom: instant("next_from"),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] })],
);

/**
 * The margin-call ladder of one position: each level warned once per descent. `warned` is set when the
 * warning is sent and cleared when the position's equity recovers above the level, which re-arms it;
 * `descents` counts the warnings sent (the message's once-key).
 */
export const marginCallStates = pgTable(
  "margin_call_states",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => tradeOrders.id, { onDelete: "restrict" }),
    level: text("level").notNull(),
    warned: integer("warned").notNull(),
    descents: integer("descents").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.level] }),
    check("margin_call_states_warned_check", sql`${t.warned} in (0, 1)`),
  ],
);
