import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageView } from './page-view';

/** The beacon a firm or item page sends: once per page, without cookies, a scan from the printed code's address. */
function recordFetch() {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('usePageView', () => {
  it('sends one view per page shown, without cookies and kept alive, and another for the next page', () => {
    const fetch = recordFetch();
    const { rerender } = renderHook(({ shortId }) => usePageView('event', shortId), { initialProps: { shortId: 'evt1' } });
    rerender({ shortId: 'evt1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/public/page-views');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'event', key: 'evt1' });
    rerender({ shortId: 'evt2' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('marks a visit from the printed code as a scan', () => {
    const fetch = recordFetch();
    window.history.replaceState(null, '', '/cafe?src=qr');
    renderHook(() => usePageView('firm', 'cafe'));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ kind: 'firm', key: 'cafe', source: 'qr' });
  });
});
