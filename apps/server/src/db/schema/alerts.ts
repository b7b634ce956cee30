import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { AlertCondition, AlertState } from "@brokerage/api";
import { instant } from "./columns.js";
import { users } from "./users.js";

/** Prices with the limit book's 10 decimals (core PRICE_DECIMALS), read as strings, as trading keeps them. */
const price = (name: string) => numeric(name, { precision: 38, scale: 10 });

/**
 * A user's price alerts (packages/api alerts.ts). `value` is the price (`above`, `below`) or the percentage
 * (`movePct`); `reference_price` the price when it was set. An alert fires once: the update that makes it
 * `fired` (only from `active`) commits with its inbox message, so a second evaluator, a retry or a restart
 * finds nothing left to fire. A removed alert is deleted.
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    condition: text("condition").$type<AlertCondition>().notNull(),
    value: price("value").notNull(),
    referencePrice: price("reference_price").notNull(),
    state: text("state").$type<AlertState>().notNull().default("active"),
    createdAt: instant("created_at").notNull(),
    firedAt: instant("fired_at"),
    firedPrice: price("fired_price"),
  },
  (t) => [
    index("price_alerts_user_created_idx").on(t.userId, t.createdAt),
    // The evaluator's read of every active alert, and the per-user count of the limit.
    index("price_alerts_active_idx")
      .on(t.userId)
      .where(sql`${t.state} = 'active'`),
    check("price_alerts_condition_check", sql`${t.condition} in ('above', 'below', 'movePct')`),
    check("price_alerts_state_check", sql`${t.state} in ('active', 'fired')`),
    check(
      "price_alerts_fired_check",
      sql`(${t.state} = 'fired') = (${t.firedAt} is not null and ${t.firedPrice} is not null)`,
    ),
  ],
);
