import { Card, Table } from "antd";
import type { TableProps } from "antd";
import type { ReactNode } from "react";
import { ErrorBlock } from "./ErrorBlock";
import { LoadMore, type PagedQuery } from "./LoadMore";

/** The least width of a column that declares none (free text: a name, a title, a reason). */
const FREE_COLUMN_WIDTH = 200;

/**
 * A table's sideways scroll: at least as wide as its columns declare (a column without a width counted
 * at FREE_COLUMN_WIDTH), the free columns sharing what a wider card leaves. In a narrower card the table
 * scrolls inside it, its columns kept at their widths instead of squeezed to a letter a line, and a column
 * `fixed: "right"` (the actions) stays in view.
 */
export function tableScroll(columns: readonly { width?: string | number }[]): { x: number } {
  return {
    x: columns.reduce(
      (sum, column) => sum + (typeof column.width === "number" ? column.width : FREE_COLUMN_WIDTH),
      0,
    ),
  };
}

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
 *
 * The table scrolls sideways inside its card, never the page (`tableScroll` unless the screen gives its
 * own `scroll`). A screen keeps its actions in view by declaring that column `fixed: "right"`.
 */
export function ListCard<T extends object>({
  query,
  more,
  items,
  emptyText,
  toolbar,
  scroll,
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
            scroll={scroll ?? tableScroll(table.columns ?? [])}
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
