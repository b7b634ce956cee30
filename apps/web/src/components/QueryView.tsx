import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";
import { ErrorState } from "./ErrorState";
import { LoadingState } from "./LoadingState";

interface QueryLike<T> {
  isPending: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The states of a loaded list or record: loading, failed (with a retry), empty (the spec's placeholder),
 * or the data. Data already shown stays when a refresh fails.
 */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.data === undefined) return <ErrorState onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}

export const isEmptyList = (items: readonly unknown[]) => items.length === 0;
