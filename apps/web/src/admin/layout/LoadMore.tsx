import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
  data?: { pages: unknown[] } | undefined;
}

/** Keyset paging (DESIGN §4.1): the next page is asked for, not jumped to. */
export function LoadMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  if (!query.data) return null;
  return (
    <div className="admin-loadmore">
      {query.isFetchNextPageError ? (
        <Typography.Text type="danger" role="alert">
          {errorText(query.error)}
        </Typography.Text>
      ) : null}
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t("common.loadMore")}
        </Button>
      ) : query.data.pages.length > 1 ? (
        <Typography.Text type="secondary">{t("common.end")}</Typography.Text>
      ) : null}
    </div>
  );
}
