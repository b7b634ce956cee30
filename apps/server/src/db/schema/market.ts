import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { instant } from "./columns.js";
import { users } from "./users.js";

/**
 * A user's watched instruments. `symbol` is unique across markets, so it is the key with the user;
 * `exchange` is kept to answer and check what the client sent. Lower `position` shows first.
 */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    exchange: text("exchange").notNull(),
    position: integer("position").notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    primaryKey({ name: "watchlist_items_pk", columns: [t.userId, t.symbol] }),
    index("watchlist_items_user_position_idx").on(t.userId, t.position),
  ],
);

/** Orders search history without relying on distinct timestamps: every (re-)search takes the next value. */
export const searchHistorySeq = pgSequence("search_history_seq");

/** A user's recent search keywords, one row per normalised keyword; the latest 20 are kept. */
export const searchHistory = pgTable(
  "search_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The keyword as typed (trimmed). */
    keyword: text("keyword").notNull(),
    /** Case- and width-folded keyword: "AAPL" and "aapl" are one entry. */
    keywordKey: text("keyword_key").notNull(),
    seq: bigint("seq", { mode: "number" })
      .notNull()
      .default(sql`nextval('search_history_seq')`),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("search_history_user_keyword_idx").on(t.userId, t.keywordKey),
    index("search_history_user_seq_idx").on(t.userId, t.seq),
  ],
);
