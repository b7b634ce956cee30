import type { NewsCategory } from "@brokerage/api";
import { and, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers, newsArticles, type NewsArticleRow } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): news articles. */

export type ArticleRow = NewsArticleRow;
export type NewArticle = typeof newsArticles.$inferInsert;
export type ArticleChanges = Pick<
  NewArticle,
  "category" | "lang" | "title" | "summary" | "body" | "symbol" | "updatedAt"
>;

// Written as a literal rather than a bound parameter: the planner can only match the partial index
// news_articles_list_idx (… WHERE state = 'published') against a predicate it can see the value of.
const isPublished = sql`${newsArticles.state} = 'published'`;

/** An article in a list: everything but its body (up to 20,000 characters, read only when opened). */
export type ListedRow = Omit<ArticleRow, "body">;
const { body: _body, ...listedColumns } = getTableColumns(newsArticles);

/** Published articles of one section and language, newest first, before `beforeSeq`. */
export async function publishedPage(
  db: Db,
  params: { category: NewsCategory; lang: string; beforeSeq?: number | undefined; limit: number },
): Promise<ListedRow[]> {
  return db
    .select(listedColumns)
    .from(newsArticles)
    .where(
      and(
        eq(newsArticles.lang, params.lang),
        eq(newsArticles.category, params.category),
        isPublished,
        params.beforeSeq === undefined ? undefined : lt(newsArticles.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(newsArticles.seq))
    .limit(params.limit);
}

export async function findPublished(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), isPublished));
  return row;
}

/** One article in any state; "update" holds it against concurrent changes until the transaction ends. */
export async function findArticle(db: Db, id: string, lock?: "update"): Promise<ArticleRow | undefined> {
  const query = db.select().from(newsArticles).where(eq(newsArticles.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export interface AuthoredRow {
  article: ArticleRow;
  /** The account of the staff member who published it. */
  createdBy: string;
}

const authored = (db: Db) =>
  db
    .select({ article: newsArticles, createdBy: adminUsers.account })
    .from(newsArticles)
    .innerJoin(adminUsers, eq(adminUsers.id, newsArticles.createdBy));

/** Every article, any state and language, newest first, before `beforeSeq` (the back office). */
export async function articlesPage(
  db: Db,
  params: { beforeSeq?: number | undefined; limit: number },
): Promise<AuthoredRow[]> {
  return authored(db)
    .where(params.beforeSeq === undefined ? undefined : lt(newsArticles.seq, params.beforeSeq))
    .orderBy(desc(newsArticles.seq))
    .limit(params.limit);
}

export async function findAuthored(db: Db, id: string): Promise<AuthoredRow | undefined> {
  const [row] = await authored(db).where(eq(newsArticles.id, id));
  return row;
}

export async function insertArticle(tx: Db, values: NewArticle): Promise<ArticleRow> {
  const [row] = await tx.insert(newsArticles).values(values).returning();
  if (!row) throw new Error("news article not inserted");
  return row;
}

export async function updateArticle(tx: Db, id: string, changes: ArticleChanges): Promise<ArticleRow> {
  const [row] = await tx.update(newsArticles).set(changes).where(eq(newsArticles.id, id)).returning();
  if (!row) throw new Error(`news article ${id} not updated`);
  return row;
}

/**
 * Withdraws the article if it is still published, in one statement: of concurrent withdrawals the
 * database lets exactly one match (the others re-check the row once it commits), so undefined means
 * the article is unknown or was withdrawn already.
 */
export async function withdrawPublished(tx: Db, id: string, at: Date): Promise<ArticleRow | undefined> {
  const [row] = await tx
    .update(newsArticles)
    .set({ state: "withdrawn", updatedAt: at })
    .where(and(eq(newsArticles.id, id), isPublished))
    .returning();
  return row;
}
