import {
  NEWS_PAGE_SIZE,
  type NewsArticle,
  type NewsCategory,
  type NewsListRequest,
  type NewsPage,
} from "@brokerage/api";
import type { MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { BIGINT_SEQ_MAX, seqCursor, type SeqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { toNewsArticle, toNewsItem } from "./articles.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  market: MarketDataProvider;
}

// One cursor tag per section and language: a cursor carried over from another tab is refused
// (INVALID_INPUT) instead of silently paging this list from the other one's position.
const cursors = new Map<string, SeqCursor>();
function cursorOf(category: NewsCategory, lang: string): SeqCursor {
  const tag = `news-${category}-${lang}`;
  let cursor = cursors.get(tag);
  if (!cursor) cursors.set(tag, (cursor = seqCursor(tag, BIGINT_SEQ_MAX)));
  return cursor;
}

/** News for users (spec §2 "News centre"): the published articles of a section and language, and one. */
export class NewsService {
  constructor(private readonly deps: Deps) {}

  async list(request: NewsListRequest): Promise<NewsPage> {
    const { db, market } = this.deps;
    const cursor = cursorOf(request.category, request.lang);
    const beforeSeq = request.cursor === undefined ? undefined : cursor.decode(request.cursor);
    const rows = await repo.publishedPage(db, {
      category: request.category,
      lang: request.lang,
      beforeSeq,
      limit: NEWS_PAGE_SIZE + 1,
    });
    const shown = rows.slice(0, NEWS_PAGE_SIZE);
    const last = shown.at(-1);
    return {
      items: shown.map((row) => toNewsItem(row, market)),
      nextCursor: rows.length > NEWS_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  /** A published article; a withdrawn one is as gone for readers as one that never was. */
  async detail(id: string): Promise<NewsArticle> {
    const row = await repo.findPublished(this.deps.db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toNewsArticle(row, this.deps.market);
  }
}
