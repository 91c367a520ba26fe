import { useEffect } from 'react';
import { usePageTitle } from '../../lib/page-title';

/**
 * Browser title 'title — Souk' (the shell's usePageTitle, spec section 2) plus the meta
 * description that search engines and link previews read. The description is restored when
 * the page unmounts, so the next page never inherits a stale one.
 */
export function usePageMeta(title: string, description?: string): void {
  usePageTitle(title);

  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
