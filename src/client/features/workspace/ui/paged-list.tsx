import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '../../../../shared/paging';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { Paginator, showPaginator } from '../../../components/ui/paginator';
import { problemMessage } from './problem-message';
import ui from './workspace-ui.module.css';

interface PagedListProps<T> {
  /** The page's query (zero-based `page`). */
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPageChange: (page: number) => void;
  /** The failed request's message in the reader's language; the workspace's (problemMessage) unless told. */
  problem?: (error: Error) => string;
  /** 'Try again' under the problem; without it the problem stands alone. */
  retryLabel?: string;
  /** What shows when the page has nothing. */
  empty: ReactNode;
  /** The page's items. */
  children: (items: T[], data: Paged<T>) => ReactNode;
}

/**
 * A workspace list of pages: a spinner while the first page loads, the problem (and 'Try again'),
 * the empty state, else the items and, with more than one page, the paginator.
 */
export function PagedList<T>({ query, page, onPageChange, problem, retryLabel, empty, children }: PagedListProps<T>) {
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
      {showPaginator(data.totalElements, data.totalPages) && (
        <Paginator
          page={page + 1}
          previousDisabled={data.first}
          nextDisabled={data.last}
          onPrevious={() => onPageChange(Math.max(0, page - 1))}
          onNext={() => onPageChange(page + 1)}
        />
      )}
    </>
  );
}
