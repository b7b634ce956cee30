import "../../market/market.css";
import "../news.css";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { newsParagraphs } from "@brokerage/api/constants";
import type { NewsArticle } from "@brokerage/api";
import { EmptyCard } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { formatDateTime } from "../../../lib/format";
import { isWithdrawn, useNewsArticle } from "../api/news";
import { readArticleId } from "../article";
import { NewsStock } from "../components/NewsStock";

/**
 * /home/newsDetail: the article the list saved (local storage, as the stock detail): its section, title,
 * publication time, the instrument of a stock article (opening its stock detail) and the body. A withdrawn
 * article says so, with the way back to the news.
 */
export default function NewsDetailScreen() {
  const { t } = useTranslation();
  const id = useMemo(() => readArticleId(), []);
  const article = useNewsArticle(id);
  const toList = (text: string) => <EmptyCard text={text} to="/home/newsList" link={t("news.toList")} />;
  return (
    <Screen title={t("title.home.newsDetail")}>
      {id === null ? (
        toList(t("news.noArticle"))
      ) : isWithdrawn(article.error) ? (
        toList(t("news.withdrawn"))
      ) : (
        <QueryView query={article}>{(found) => <Article article={found} />}</QueryView>
      )}
    </Screen>
  );
}

/** Plain text only: each paragraph a text node, so nothing a writer typed is ever read as markup. */
function Article({ article }: { article: NewsArticle }) {
  const { t } = useTranslation();
  const paragraphs = useMemo(() => newsParagraphs(article.body), [article.body]);
  return (
    <article className="news-article card">
      <p className="news-article__section">{t(`news.tabs.${article.category}`)}</p>
      <h2 className="news-article__title">{article.title}</h2>
      <time className="news-article__time" dateTime={article.publishedAt}>
        {formatDateTime(new Date(article.publishedAt))}
      </time>
      {article.symbol && <NewsStock symbol={article.symbol} name={article.name} />}
      <div className="news-article__body">
        {paragraphs.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </article>
  );
}
