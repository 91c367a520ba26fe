import { describe, expect, it } from 'vitest';
import {
  isCachedPageNavigation,
  isBuiltAsset,
  isMedia,
  isPublicApiRead,
  isShareablePage,
  isShareableResponse,
  keptAssetUrls,
  NAVIGATION_DENYLIST,
  PAGE_CACHE,
  splitManifest,
} from './routes';

const url = (path: string) => new URL(path, 'https://souk.test');
const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('service worker routes', () => {
  it('answers every navigation with the shell except the API and media', () => {
    for (const path of ['/', '/about', '/explore', '/event/abc12345', '/some-firm', '/apiary', '/mediator']) {
      expect(denied(path), path).toBe(false);
    }
    for (const path of ['/api', '/api/health', '/api/iam/auth/check-session', '/media/x/large.webp']) {
      expect(denied(path), path).toBe(true);
    }
  });

  it('keeps the server-rendered public pages for repeat visits, not the landing or account pages', () => {
    for (const path of [
      '/atelier-indigo',
      '/Atelier-Indigo',
      '/atelier-indigo/',
      '/atelier-indigo/blog',
      '/event/abc',
      '/blog/abc',
      '/explore',
      '/explore?q=tea',
      '/events',
      '/about',
      '/',
      '/?source=pwa',
    ]) {
      expect(isCachedPageNavigation(url(path)), path).toBe(true);
    }
    for (const path of [
      '/profile',
      '/login',
      '/signup',
      '/workspace',
      '/workspace/firm',
      '/saved',
      '/atelier-indigo/settings',
      '/event/abc/tickets',
      '/api',
      '/api/x',
      '/media/x',
      '/%E0%A4%A',
    ]) {
      expect(isCachedPageNavigation(url(path)), path).toBe(false);
    }
    expect(PAGE_CACHE).toBe('souk-pages');
  });

  it('keeps only plain 200 HTML pages', () => {
    const html = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
    expect(isShareablePage(new Response('<html>', { status: 200, headers: html }))).toBe(true);
    expect(isShareablePage(new Response('<html>', { status: 404, headers: html }))).toBe(false);
    expect(isShareablePage(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }))).toBe(false);
    expect(isShareablePage(new Response('<html>', { status: 200, headers: { ...html, 'Cache-Control': 'private' } }))).toBe(false);
    expect(isShareablePage(new Response('<html>', { status: 200, headers: { ...html, 'Cache-Control': 'no-store' } }))).toBe(false);
    const redirected = Object.defineProperty(new Response('<html>', { status: 200, headers: html }), 'redirected', { value: true });
    expect(isShareablePage(redirected)).toBe(false);
  });

  it('caches public reads only: GET, same origin, public and explore bases', () => {
    expect(isPublicApiRead(url('/api/public/blog-posts?page=0'), 'GET', true)).toBe(true);
    expect(isPublicApiRead(url('/api/user/explore/events'), 'GET', true)).toBe(true);
    expect(isPublicApiRead(url('/api/public/blog-posts'), 'POST', true)).toBe(false);
    expect(isPublicApiRead(url('/api/public/blog-posts'), 'GET', false)).toBe(false);
    // a menu's live stream goes straight to the network
    expect(isPublicApiRead(url('/api/public/menu?firmId=f1'), 'GET', true)).toBe(true);
    expect(isPublicApiRead(url('/api/public/menu/live?firmId=f1'), 'GET', true)).toBe(false);
  });

  it('never caches authenticated or workspace reads', () => {
    for (const path of [
      '/api/iam/auth/check-session',
      '/api/iam/features',
      '/api/user/user-saved/check/abc',
      '/api/user/profile',
      '/api/dashboard/firms/dash-firm?firmId=1',
      '/api/business/employments/with-firms',
      '/api/health',
    ]) {
      expect(isPublicApiRead(url(path), 'GET', true), path).toBe(false);
    }
  });

  it('takes media GETs from the same origin', () => {
    expect(isMedia(url('/media/abc/small.webp'), 'GET', true)).toBe(true);
    expect(isMedia(url('/media/abc/small.webp'), 'GET', false)).toBe(false);
    expect(isMedia(url('/api/public/media'), 'GET', true)).toBe(false);
  });

  it('takes the built files (hashed) from the same origin', () => {
    expect(isBuiltAsset(url('/assets/workspace-abc.js'), 'GET', true)).toBe(true);
    expect(isBuiltAsset(url('/assets/workspace-abc.js'), 'GET', false)).toBe(false);
    expect(isBuiltAsset(url('/assets/x.js'), 'POST', true)).toBe(false);
    expect(isBuiltAsset(url('/media/assets/x.webp'), 'GET', true)).toBe(false);
  });

  it('keeps only 200 responses the server did not mark as personal', () => {
    expect(isShareableResponse(new Response('{}', { status: 200 }))).toBe(true);
    expect(isShareableResponse(new Response('{}', { status: 200, headers: { 'Cache-Control': 'public, max-age=60' } }))).toBe(true);
    expect(isShareableResponse(new Response('{}', { status: 404 }))).toBe(false);
    expect(isShareableResponse(new Response('{}', { status: 500 }))).toBe(false);
    expect(isShareableResponse(new Response('{}', { status: 200, headers: { 'Cache-Control': 'private, max-age=0' } }))).toBe(false);
    expect(isShareableResponse(new Response('{}', { status: 200, headers: { 'Cache-Control': 'no-store' } }))).toBe(false);
  });

  it("keeps only this origin's built files from a page's list of what it loaded", () => {
    const kept = keptAssetUrls(
      [
        'https://souk.test/assets/common-ab12.js',
        '/assets/fr-cd34.js#x',
        'https://souk.test/api/public/firms',
        'https://elsewhere.test/assets/evil.js',
        'https://souk.test/media/a/small.webp',
        42,
        'http://[bad',
      ],
      'https://souk.test',
    );
    expect(kept.map(String)).toEqual(['https://souk.test/assets/common-ab12.js', 'https://souk.test/assets/fr-cd34.js']);
    expect(keptAssetUrls('not a list', 'https://souk.test')).toEqual([]);
    expect(keptAssetUrls(undefined, 'https://souk.test')).toEqual([]);
    expect(
      keptAssetUrls(
        Array.from({ length: 500 }, (_, i) => `/assets/f${i}.js`),
        'https://souk.test',
      ),
    ).toHaveLength(100);
  });
});

describe('splitManifest', () => {
  it('precaches the shell and gives the later entries (the public pages’ files) as absolute URLs', () => {
    const { precached, later } = splitManifest(
      [
        { url: 'index.html', revision: 'r1' },
        { url: 'assets/index-1.js', revision: null },
        'favicon.svg',
        { url: 'assets/about-1.js', revision: null, later: true },
        { url: 'assets/layers-1.css', revision: null, later: true },
      ],
      'https://souk.test',
    );
    expect(precached).toEqual([{ url: 'index.html', revision: 'r1' }, { url: 'assets/index-1.js', revision: null }, 'favicon.svg']);
    expect(later).toEqual(['https://souk.test/assets/about-1.js', 'https://souk.test/assets/layers-1.css']);
  });
});
