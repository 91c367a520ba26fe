import { useEffect } from 'react';
import { QR_SOURCE, type PageKind, type PageView } from '../../shared/page-views';

/**
 * Tells the server a page of a firm was seen, once per page shown: a small POST that sends no
 * cookies, kept alive when the visitor leaves at once, never awaited and never retried, so
 * counting cannot slow the page or fail it. A visit from the firm's printed code (`?src=qr`)
 * counts as a scan too.
 */
export function usePageView(kind: PageKind, key: string) {
  useEffect(() => {
    const view: PageView = { kind, key };
    if (new URLSearchParams(window.location.search).get('src') === QR_SOURCE) view.source = QR_SOURCE;
    fetch('/api/public/page-views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(view),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  }, [kind, key]);
}
