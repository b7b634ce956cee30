import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { ListFoot } from "../../../components/ListFoot";
import { RequestItem, type RequestView } from "./RequestItem";

/** What a paged record list needs of its query (`useRechargeList`, `useWithdrawList`, `useTradeHistory`). */
export interface PagedList {
  isPending: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Records page by page: loading, failed with a retry, empty, or the rows with more on scrolling; pull to
 * refresh. `children` renders one row (an `li`).
 */
export function RecordList<T>({
  list,
  items,
  label,
  emptyText,
  children,
}: {
  list: PagedList;
  items: T[] | undefined;
  label: string;
  emptyText: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <QueryView
        query={{ ...list, data: items }}
        isEmpty={isEmptyList}
        empty={
          <div className="card">
            <EmptyState text={emptyText} />
          </div>
        }
      >
        {(rows) => (
          <>
            <ul className="records card" aria-label={label}>
              {rows.map(children)}
            </ul>
            <ListFoot query={list} className="records__foot" endText={t("records.end")} />
          </>
        )}
      </QueryView>
    </Refreshable>
  );
}

/**
 * Deposit or withdrawal requests with their review states. Used by the transaction records and the money
 * screens.
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
  return (
    <RecordList list={list} items={views} label={label} emptyText={emptyText}>
      {(request) => <RequestItem key={request.id} request={request} />}
    </RecordList>
  );
}
