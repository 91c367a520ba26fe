import { useEffect } from 'react';
import { APP_NAME } from '../../shared/limits';

export function formatPageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} — ${APP_NAME}` : APP_NAME;
}

/** Sets the browser title to `title — Souk` while the page is shown (spec section 2). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
