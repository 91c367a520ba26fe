import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { IconButton } from './icon-button';
import styles from './paginator.module.css';

export interface PaginatorProps {
  page: number;
  previousDisabled: boolean;
  nextDisabled: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Whether the paginator shows: a non-empty list with more than one page. */
export function showPaginator(total: number, totalPages: number): boolean {
  return total > 0 && totalPages > 1;
}

/** The query string of a page: `?page=N` only when N is above 1. */
export function pageSearch(page: number): { page?: number } {
  return page > 1 ? { page } : {};
}

/**
 * Paginator: a centred row with 'Previous Page', the bold current page
 * and 'Next Page'; a disabled button looks faded and emits nothing.
 */
export function Paginator({ page, previousDisabled, nextDisabled, onPrevious, onNext }: PaginatorProps) {
  const { t } = useTranslation();
  return (
    <nav className={styles.paginator} aria-label={t('pagination')}>
      <IconButton label={t('previousPage')} aria-disabled={previousDisabled} onClick={() => !previousDisabled && onPrevious()}>
        <ArrowLeft size={20} aria-hidden="true" className="flip-rtl" />
      </IconButton>
      <strong className={styles.pageNumber} aria-current="page">
        {page}
      </strong>
      <IconButton label={t('nextPage')} aria-disabled={nextDisabled} onClick={() => !nextDisabled && onNext()}>
        <ArrowRight size={20} aria-hidden="true" className="flip-rtl" />
      </IconButton>
    </nav>
  );
}
