import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Refreshable } from "../../market/components/Refreshable";
import { RequestItem, type RequestView } from "./RequestItem";

/** What RequestList needs of a paged query (`useRechargeList`, `useWithdrawList`). */
export interface PagedList {
  isPending: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Deposit or withdrawal requests with their review states: loading, failed with a retry, empty, or the
 * rows with more on scrolling; pull to refresh. Used by the transaction records and the money screens.
 */
export function RequestList({
  list,
  views,
  label,
  emptyText,
}: {
  list: PagedList;
  views: RequestView[] | undefined;
  label: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <QueryView
        query={{ ...list, data: views }}
        isEmpty={isEmptyList}
        empty={
          <div className="card">
            <EmptyState text={emptyText} />
          </div>
        }
      >
        {(items) => (
          <>
            <ul className="records card" aria-label={label}>
              {items.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </ul>
            <InfiniteScroll
              loadMore={async () => {
                await list.fetchNextPage();
              }}
              hasMore={list.hasNextPage}
            >
              <span className="records__foot">
                {list.hasNextPage ? t("common.loading") : t("records.end")}
              </span>
            </InfiniteScroll>
          </>
        )}
      </QueryView>
    </Refreshable>
  );
}
