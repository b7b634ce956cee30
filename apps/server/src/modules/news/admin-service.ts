import {
  ADMIN_PAGE_SIZE,
  NEWS_SAVE_AUDIT,
  NEWS_WITHDRAW_AUDIT,
  type AdminNewsArticle,
  type AdminNewsPage,
  type AdminNewsSaveRequest,
  type AdminNewsWithdrawRequest,
} from "@brokerage/api";
import type { MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import type { MarketService } from "../market/index.js";
import type { StaffAuth } from "../staff/index.js";
import { articleSnapshot, toAdminArticle } from "./articles.js";
import * as repo from "./repository.js";

export const newsTarget = (id: string) => `news:${id}`;

const cursor = seqCursor("news-admin", BIGINT_SEQ_MAX);

interface Deps {
  db: Db;
  clock: Clock;
  /** Names the instruments of `stock` articles. */
  market: MarketDataProvider;
  /** Checks a `stock` article's symbol (UNKNOWN_SYMBOL) and gives its canonical spelling. */
  marketData: MarketService;
}

/**
 * The back office's news (permission news.manage): every article, publish or correct one, withdraw one.
 * Each change and its audit record (the staff member's reason, the article before and after) are one
 * transaction.
 */
export class NewsAdminService {
  constructor(private readonly deps: Deps) {}

  async list(after?: string): Promise<AdminNewsPage> {
    const { db, market } = this.deps;
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.articlesPage(db, { beforeSeq, limit: ADMIN_PAGE_SIZE + 1 });
    const shown = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = shown.at(-1);
    return {
      items: shown.map((row) => toAdminArticle(row, market)),
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.article.seq) : null,
    };
  }

  /**
   * Publishes a new article now (no id), or corrects a published one: its text, section, language and
   * instrument change, its publication time and its place in the lists stay. A withdrawn article
   * is not corrected (ORDER_STATE_INVALID): it would come back to no one, and its withdrawal is on record.
   */
  async save(staff: StaffAuth, request: AdminNewsSaveRequest): Promise<AdminNewsArticle> {
    const { db, clock, marketData } = this.deps;
    const symbol = request.symbol === null ? null : instrumentSymbol(marketData, request.symbol);
    return db.transaction(async (tx) => {
      const at = clock.now();
      const content = {
        category: request.category,
        lang: request.lang,
        title: request.title,
        summary: request.summary,
        body: request.body,
        symbol,
        updatedAt: at,
      };
      let before: repo.ArticleRow | null = null;
      let after: repo.ArticleRow;
      if (request.id === undefined) {
        after = await repo.insertArticle(tx, {
          ...content,
          state: "published",
          publishedAt: at,
          createdBy: staff.id,
          createdAt: at,
        });
      } else {
        before = (await repo.findArticle(tx, request.id, "update")) ?? null;
        if (!before) throw new DomainError("NOT_FOUND");
        if (before.state !== "published") throw new DomainError("ORDER_STATE_INVALID");
        after = await repo.updateArticle(tx, request.id, content);
      }
      await recordStaffAction(tx, staff, {
        action: NEWS_SAVE_AUDIT,
        target: newsTarget(after.id),
        reason: request.reason,
        details: {
          created: before === null,
          before: before && articleSnapshot(before),
          after: articleSnapshot(after),
          ...(before && before.body !== after.body && { replacedBody: before.body }),
        },
        at,
      });
      return this.view(tx, after.id);
    });
  }

  /**
   * Takes a published article out of the app. The conditional update decides between concurrent
   * withdrawals: exactly one succeeds, the others answer ORDER_STATE_INVALID.
   */
  async withdraw(staff: StaffAuth, request: AdminNewsWithdrawRequest): Promise<AdminNewsArticle> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const at = clock.now();
      const after = await repo.withdrawPublished(tx, request.id, at);
      if (!after) {
        const known = await repo.findArticle(tx, request.id);
        throw new DomainError(known ? "ORDER_STATE_INVALID" : "NOT_FOUND");
      }
      await recordStaffAction(tx, staff, {
        action: NEWS_WITHDRAW_AUDIT,
        target: newsTarget(after.id),
        reason: request.reason,
        details: { after: articleSnapshot(after) },
        at,
      });
      return this.view(tx, after.id);
    });
  }

  private async view(tx: Db, id: string): Promise<AdminNewsArticle> {
    const row = await repo.findAuthored(tx, id);
    if (!row) throw new Error(`news article ${id} vanished`);
    return toAdminArticle(row, this.deps.market);
  }
}

/**
 * The market's spelling of a stock article's instrument. An index is refused like an unknown symbol
 * (UNKNOWN_SYMBOL): the article's link opens the stock detail, and news on a whole market is `hot` news.
 */
function instrumentSymbol(marketData: MarketService, symbol: string): string {
  const listing = marketData.listing(symbol.toUpperCase());
  if (listing.kind === "index") throw new DomainError("UNKNOWN_SYMBOL", { symbol });
  return listing.symbol;
}
