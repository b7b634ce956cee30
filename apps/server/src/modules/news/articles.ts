import type { AdminNewsArticle, NewsArticle, NewsItem } from "@brokerage/api";
import type { MarketDataProvider } from "@brokerage/core";
import type { ArticleRow, AuthoredRow, ListedRow } from "./repository.js";

/** How article rows become the contract's items and articles, and what the audit log keeps of them. */

/**
 * The instrument's display name, read from the process's market data (no query per row). A symbol the
 * market no longer lists (another data source since) still shows, as itself.
 */
function nameOf(market: MarketDataProvider, row: ListedRow): string | null {
  if (row.symbol === null) return null;
  return market.listing(row.symbol)?.name ?? row.symbol;
}

export function toNewsItem(row: ListedRow, market: MarketDataProvider): NewsItem {
  return {
    id: row.id,
    category: row.category,
    lang: row.lang as NewsItem["lang"],
    title: row.title,
    summary: row.summary,
    symbol: row.symbol,
    name: nameOf(market, row),
    publishedAt: row.publishedAt.toISOString(),
  };
}

export const toNewsArticle = (row: ArticleRow, market: MarketDataProvider): NewsArticle => ({
  ...toNewsItem(row, market),
  body: row.body,
});

export const toAdminArticle = (
  { article, createdBy }: AuthoredRow,
  market: MarketDataProvider,
): AdminNewsArticle => ({
  ...toNewsArticle(article, market),
  state: article.state,
  createdBy,
  createdAt: article.createdAt.toISOString(),
  updatedAt: article.updatedAt.toISOString(),
});

/**
 * What the audit record keeps of an article. Not the body, up to 20,000 characters, which the row itself
 * holds; a correction that replaces it keeps the replaced text instead (see the save's details), so
 * every version a reader may have seen can be found again.
 */
export function articleSnapshot(row: ArticleRow) {
  return {
    category: row.category,
    lang: row.lang,
    title: row.title,
    summary: row.summary,
    symbol: row.symbol,
    state: row.state,
  };
}
