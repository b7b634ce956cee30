import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.js";
import { instant } from "./columns.js";

/**
 * News articles (spec §2 "News centre with hot news and stock-price news"), written and published by staff
 * in the back office. `lang` is a stored language code of spec §1; `symbol` names the instrument of a
 * `stock` article (none for `hot`). Plain text only. A withdrawn article stays, out of the app's lists.
 * `seq` orders articles published in the same instant and keys the lists' cursors.
 */
export const newsArticles = pgTable(
  "news_articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    category: text("category").$type<"hot" | "stock">().notNull(),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    symbol: text("symbol"),
    state: text("state").$type<"published" | "withdrawn">().notNull().default("published"),
    publishedAt: instant("published_at").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => adminUsers.id),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    index("news_articles_list_idx")
      .on(t.lang, t.category, t.seq.desc())
      .where(sql`${t.state} = 'published'`),
    // The back office lists every article, newest first.
    index("news_articles_seq_idx").on(t.seq.desc()),
    check("news_articles_category_check", sql`${t.category} in ('hot', 'stock')`),
    check("news_articles_state_check", sql`${t.state} in ('published', 'withdrawn')`),
    check("news_articles_symbol_check", sql`(${t.category} = 'stock') = (${t.symbol} is not null)`),
  ],
);

export type NewsArticleRow = typeof newsArticles.$inferSelect;
