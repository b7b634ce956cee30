import { z } from "zod";
import { staffReason } from "./admin.js";
import {
  LANGUAGE_CODES,
  NEWS_BODY_MAX,
  NEWS_CATEGORIES,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type LanguageCode,
} from "./constants.js";
import { plainText } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";

/**
 * News (spec §1 "News", §2 "News centre with hot news and stock-price news, and a detail view"; DESIGN §5
 * Back office "products (IPOs, block trades, follow products, news)"). Staff write and publish articles in
 * the back office, each in one of the app's languages and in one of two sections: `hot` (market news) and
 * `stock` (news on one instrument's price, which names it). The app lists the published articles of its
 * language, newest first, and opens one. Articles are plain text: paragraphs split by blank lines, never
 * markup, so nothing a writer types runs in a reader's browser. A withdrawn article leaves the app
 * (`news/detail` answers NOT_FOUND) and stays in the back office with who withdrew it and why (audit).
 */

export const newsCategory = z.enum(NEWS_CATEGORIES);
export type NewsCategory = z.infer<typeof newsCategory>;

/** The stored language codes of spec §1 (`en`, `zh`, `cn`, `ko`, `yd`). */
export const newsLanguage = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);

export const NEWS_PAGE_SIZE = 20;

const newsId = z.string().uuid();

/** An article in a list: no body. `symbol` and `name`: the instrument a `stock` article is about. */
export const newsItem = z.object({
  id: newsId,
  category: newsCategory,
  lang: newsLanguage,
  title: z.string(),
  summary: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** One article, whole (`news/detail`). */
export const newsArticle = newsItem.extend({ body: z.string() });
export type NewsArticle = z.infer<typeof newsArticle>;

/** `news/list {category, lang, cursor?}`: the published articles of one section and language, newest first. */
export const newsListRequest = cursorRequest.extend({ category: newsCategory, lang: newsLanguage });
export type NewsListRequest = z.infer<typeof newsListRequest>;
export const newsPage = cursorPage(newsItem);
export type NewsPage = z.infer<typeof newsPage>;

/** `news/detail {id}`: a published article; NOT_FOUND when unknown or withdrawn. */
export const newsDetailRequest = z.object({ id: newsId });

// ---------------------------------------------------------------------------------------------------
// Back office (permission news.manage)

/** An article as staff see it: its state, who published it and when it last changed. */
export const adminNewsArticle = newsArticle.extend({
  state: z.enum(["published", "withdrawn"]),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticle>;

/** `news/list {cursor?}` under `/api/admin/`: every article, any state and language, newest first. */
export const adminNewsListRequest = cursorRequest;
export const adminNewsPage = cursorPage(adminNewsArticle);
export type AdminNewsPage = z.infer<typeof adminNewsPage>;

const text = (max: number) => plainText.min(1).max(max);

/**
 * `news/save`: a new article, published at once (no id), or a correction of a published one (its
 * publication time stays; ORDER_STATE_INVALID once withdrawn). A `stock` article names its instrument by
 * symbol (UNKNOWN_SYMBOL); a `hot` one names none (INVALID_INPUT on `symbol`).
 */
export const adminNewsSaveRequest = z
  .object({
    id: newsId.optional(),
    category: newsCategory,
    lang: newsLanguage,
    title: text(NEWS_TITLE_MAX),
    summary: plainText.max(NEWS_SUMMARY_MAX),
    body: text(NEWS_BODY_MAX),
    symbol: plainText.min(1).max(32).nullable(),
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    if ((v.category === "stock") !== (v.symbol !== null))
      ctx.addIssue({ code: "custom", path: ["symbol"], message: "INVALID_INPUT" });
  });
export type AdminNewsSaveRequest = z.infer<typeof adminNewsSaveRequest>;

/** `news/withdraw {id, reason}`: the article leaves the app; ORDER_STATE_INVALID when already withdrawn. */
export const adminNewsWithdrawRequest = z.object({ id: newsId, reason: staffReason });
export type AdminNewsWithdrawRequest = z.infer<typeof adminNewsWithdrawRequest>;

/** The audit actions of the back office's news calls. */
export const NEWS_SAVE_AUDIT = "news.save";
export const NEWS_WITHDRAW_AUDIT = "news.withdraw";
