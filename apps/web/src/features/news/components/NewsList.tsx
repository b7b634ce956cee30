import { useTranslation } from "react-i18next";
import type { NewsCategory } from "@brokerage/api";
import { EmptyState } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { getLangCode } from "../../../lib/storage";
import { Refreshable } from "../../../components/Refreshable";
import { useNewsList } from "../api/news";
import { NewsRow } from "./NewsRow";

/**
 * One section's articles in the app's language (its stored code, spec §1: a language switch re-renders
 * through useTranslation and asks for the new language's list), newest first: pull to refresh, further
 * pages as the list scrolls, and the loading, failed and empty states.
 */
export function NewsList({ category }: { category: NewsCategory }) {
  const { t } = useTranslation();
  const list = useNewsList(category, getLangCode());
  const items = list.data?.pages.flatMap((page) => page.items);
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <QueryView
        query={{ ...list, data: items }}
        isEmpty={isEmptyList}
        empty={
          <div className="card">
            <EmptyState text={t(`news.empty.${category}`)} />
          </div>
        }
      >
        {(articles) => (
          <>
            <ul className="news-list card" aria-label={t(`news.tabs.${category}`)}>
              {articles.map((item) => (
                <NewsRow key={item.id} item={item} />
              ))}
            </ul>
            <ListFoot query={list} className="news-list__foot" endText={t("news.end")} />
          </>
        )}
      </QueryView>
    </Refreshable>
  );
}
