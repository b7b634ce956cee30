import { Card, Table } from "antd";
import type { TableProps } from "antd";
import type { ReactNode } from "react";
import { ErrorBlock } from "./ErrorBlock";
import { LoadMore, type PagedQuery } from "./LoadMore";

interface ListQuery {
  isError: boolean;
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A page's list in its card: its toolbar (filters, tabs), then the table (no client-side paging) or why it
 * could not load with a way to try again. With `more` (a keyset-paged query) the next page is asked for
 * below the table, and a failed next page keeps the rows already shown.
 */
export function ListCard<T extends object>({
  query,
  more,
  items,
  emptyText,
  toolbar,
  ...table
}: {
  query: ListQuery;
  more?: PagedQuery;
  items: readonly T[];
  emptyText: string;
  toolbar?: ReactNode;
} & Pick<TableProps<T>, "rowKey" | "columns" | "rowClassName" | "size" | "expandable" | "onRow" | "scroll">) {
  return (
    <Card variant="borderless" className="admin-card">
      {toolbar}
      {query.isError && (!more || items.length === 0) ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<T>
            {...table}
            dataSource={items}
            loading={query.isPending}
            pagination={false}
            locale={{ emptyText }}
          />
          {more ? <LoadMore query={more} /> : null}
        </>
      )}
    </Card>
  );
}
