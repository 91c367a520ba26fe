import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CursorPaged, Paged } from '../../../../shared/paging';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { Paginator, showPaginator } from '../../../components/ui/paginator';
import { problemMessage } from './problem-message';
import ui from './workspace-ui.module.css';

interface ListProps<D extends { content: unknown[] }> {
  query: UseQueryResult<D>;
  /** The failed request's message in the reader's language; the workspace's (problemMessage) unless told. */
  problem?: (error: Error) => string;
  /** 'Try again' under the problem; without it the problem stands alone. */
  retryLabel?: string;
  /** What shows when the page has nothing. */
  empty: ReactNode;
  /** The page's items. */
  children: (items: D['content'], data: D) => ReactNode;
}

/** A spinner while the first page loads, the problem (and 'Try again'), the empty state, else the items and `pager`. */
function ListPage<D extends { content: unknown[] }>({
  query,
  problem,
  retryLabel,
  empty,
  children,
  pager,
}: ListProps<D> & { pager: (data: D) => ReactNode }) {
  const { t } = useTranslation('workspace');
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const message = problem ? problem(query.error) : problemMessage(t, query.error);
    return retryLabel ? (
      <div className={ui.errorBox} role="alert">
        <p>{message}</p>
        <Button onClick={() => void query.refetch()}>{retryLabel}</Button>
      </div>
    ) : (
      <p className={ui.errorBox} role="alert">
        {message}
      </p>
    );
  }
  const { data } = query;
  if (data.content.length === 0) return empty;
  return (
    <>
      {children(data.content, data)}
      {pager(data)}
    </>
  );
}

interface PagedListProps<T> extends ListProps<Paged<T>> {
  /** The page's query (zero-based `page`). */
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPageChange: (page: number) => void;
}

/** A workspace list of numbered pages, with the paginator when there is more than one. */
export function PagedList<T>({ page, onPageChange, ...props }: PagedListProps<T>) {
  return (
    <ListPage
      {...props}
      pager={(data) =>
        showPaginator(data.totalElements, data.totalPages) && (
          <Paginator
            page={page + 1}
            previousDisabled={data.first}
            nextDisabled={data.last}
            onPrevious={() => onPageChange(Math.max(0, page - 1))}
            onNext={() => onPageChange(page + 1)}
          />
        )
      }
    />
  );
}

/**
 * Where a reader is in a keyset list (docs/client-conventions.md): the cursor of each page they
 * went through, so that 'Previous' goes back without the server paging backwards. `page` is
 * zero-based, like the numbered lists'; a new filter starts again at the first page (`reset`).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  return {
    page,
    cursor: cursors[page],
    next: (cursor: string) => setCursors((visited) => [...visited, cursor]),
    previous: () => setCursors((visited) => (visited.length > 1 ? visited.slice(0, -1) : visited)),
    reset: () => setCursors([undefined]),
  };
}
export type CursorPages = ReturnType<typeof useCursorPages>;

interface CursorListProps<D extends CursorPaged<unknown>> extends ListProps<D> {
  pages: CursorPages;
}

/** A workspace list of keyset pages: the same paginator (previous, the page's number, next) while there is more than one page. */
export function CursorList<D extends CursorPaged<unknown>>({ pages, ...props }: CursorListProps<D>) {
  return (
    <ListPage
      {...props}
      pager={(data) => {
        const nextCursor = data.nextCursor;
        return (
          (pages.page > 0 || nextCursor) && (
            <Paginator
              page={pages.page + 1}
              previousDisabled={pages.page === 0}
              nextDisabled={!nextCursor}
              onPrevious={pages.previous}
              onNext={() => nextCursor && pages.next(nextCursor)}
            />
          )
        );
      }}
    />
  );
}
