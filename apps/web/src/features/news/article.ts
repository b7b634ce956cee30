import { readStored, writeStored } from "../../lib/storage";

/**
 * The article detail (/home/newsDetail) reads its article id from local storage, as the stock detail does
 * its stock: the paths carry no parameters (spec §2).
 */
export const NEWS_ARTICLE_KEY = "newsArticle";

/** Storage unavailable: the detail screen shows its empty state. */
export const saveArticleId = (id: string) => writeStored(NEWS_ARTICLE_KEY, id);
export const readArticleId = () => readStored(NEWS_ARTICLE_KEY);
