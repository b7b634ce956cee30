import "../news.css";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { NEWS_CATEGORIES } from "@brokerage/api/constants";
import type { NewsCategory } from "@brokerage/api";
import { ChipTabs } from "../../../components/ChipTabs";
import { Screen } from "../../../components/Screen";
import { NewsList } from "../components/NewsList";

const isCategory = (value: string | null): value is NewsCategory =>
  NEWS_CATEGORIES.includes(value as NewsCategory);

/**
 * /home/newsList (a bottom-tab root): the news centre of spec §2, hot news and stock-price news in the
 * app's language. The section is kept in the query (`?tab=stock`) so back from an article returns to it.
 */
export default function NewsListScreen() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab");
  const category: NewsCategory = isCategory(tab) ? tab : "hot";
  return (
    <Screen title={t("title.home.newsList")} back={false}>
      <div className="card news-tabs">
        <ChipTabs
          variant="line"
          label={t("news.tabsLabel")}
          options={NEWS_CATEGORIES.map((key) => ({ key, label: t(`news.tabs.${key}`) }))}
          value={category}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      <div role="tabpanel" id={panelId} aria-label={t(`news.tabs.${category}`)}>
        <NewsList key={category} category={category} />
      </div>
    </Screen>
  );
}
