import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import { useTranslation } from "react-i18next";

/** The foot of a paged list: asks for the next page as it scrolls into view, then says the list has ended. */
export function ListFoot({
  query,
  className,
  endText,
}: {
  query: { hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  className: string;
  endText: string;
}) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      loadMore={async () => {
        await query.fetchNextPage();
      }}
      hasMore={query.hasNextPage}
    >
      <span className={className}>{query.hasNextPage ? t("common.loading") : endText}</span>
    </InfiniteScroll>
  );
}
