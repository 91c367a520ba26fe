import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { TabBar } from './tab-bar';
import { useSessionStore } from '../../lib/session';
import { useTabMemoryStore } from '../../lib/tab-bar';
import { useLoginPopupStore } from '../../lib/login-popup';
import { initTestI18n } from '../test-utils';

beforeAll(initTestI18n);

const user = {
  id: 'u1',
  firstName: 'Lina',
  lastName: 'Haddad',
  flip: 'lina',
  imagePath: null,
  totalFriends: 0,
  statusCode: 1,
  regionPreference: 'EU' as const,
  hourFormat: 12 as const,
};

async function renderAt(url: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <TabBar />
      </>
    ),
  });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{path}</h1> });
  const broken = createRoute({
    getParentRoute: () => root,
    path: '/broken',
    loader: () => {
      throw new Error('gone');
    },
    errorComponent: () => <p>error</p>,
  });
  const pages = ['/', '/explore', '/profile', '/profile/saved', '/event/$id', '/login', '/about', '/blog'].map(page);
  const tree = root.addChildren([...pages, broken]);
  // A router of its own: navigate by href so the app's registered route types do not apply.
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [url] }) }) as unknown as {
    load(): Promise<void>;
    navigate(options: { href: string }): Promise<void>;
    state: { location: { pathname: string } };
  };
  await router.load();
  await act(async () => {
    render(<RouterProvider router={router as never} />);
  });
  return router;
}

const nav = () => screen.queryByRole('navigation', { name: 'Sections' });

function setScroll(y: number, documentHeight = 5000) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: documentHeight });
  window.dispatchEvent(new Event('scroll'));
}

const pause = (ms = 70) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  localStorage.clear();
  useTabMemoryStore.setState({ last: {} });
  useSessionStore.setState({ status: 'signedOut', user: null });
  useLoginPopupStore.setState({ open: false });
  setScroll(0);
});
afterEach(() => setScroll(0));

describe('TabBar', { timeout: 20_000 }, () => {
  it('shows home, explore and profile with the active tab from the first segment', async () => {
    await renderAt('/event/ab12cd34');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Explore', 'Profile']);
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks profile active under /profile and home on / when signed in', async () => {
    useSessionStore.setState({ status: 'signedIn', user });
    const router = await renderAt('/profile/saved');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate({ href: '/' }));
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('is hidden on auth and static paths and on the signed-out home page', async () => {
    const router = await renderAt('/login');
    expect(nav()).toBeNull();
    await act(() => router.navigate({ href: '/about' }));
    expect(nav()).toBeNull();
    await act(() => router.navigate({ href: '/' }));
    expect(nav()).toBeNull();
    await act(() => router.navigate({ href: '/explore' }));
    expect(nav()).not.toBeNull();
    act(() => useSessionStore.setState({ status: 'signedIn', user }));
    await act(() => router.navigate({ href: '/' }));
    expect(nav()).not.toBeNull();
  });

  it('hides on scroll down and comes back on scroll up, near the top and near the bottom', async () => {
    await renderAt('/explore');
    expect(nav()).not.toHaveAttribute('data-hidden');

    await pause();
    act(() => setScroll(400));
    await pause();
    expect(nav()).toHaveAttribute('data-hidden');

    act(() => setScroll(300)); // up
    await pause();
    expect(nav()).not.toHaveAttribute('data-hidden');

    act(() => setScroll(800)); // down again
    await pause();
    expect(nav()).toHaveAttribute('data-hidden');

    act(() => setScroll(4200)); // 4200 + 768 >= 5000 - 50: near the bottom
    await pause();
    expect(nav()).not.toHaveAttribute('data-hidden');

    act(() => setScroll(1000)); // up: visible; then down, then back near the top
    await pause();
    act(() => setScroll(1200));
    await pause();
    expect(nav()).toHaveAttribute('data-hidden');
    act(() => setScroll(40));
    await pause();
    expect(nav()).not.toHaveAttribute('data-hidden');
  });

  it('throttles scroll handling to one update per 50 ms', async () => {
    await renderAt('/explore');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      act(() => setScroll(400)); // handled at once: hidden
      expect(nav()).toHaveAttribute('data-hidden');
      act(() => setScroll(100)); // within 50 ms: deferred
      act(() => vi.advanceTimersByTime(49));
      expect(nav()).toHaveAttribute('data-hidden');
      act(() => vi.advanceTimersByTime(1));
      expect(nav()).not.toHaveAttribute('data-hidden');
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns each tab to its last visited route', async () => {
    useSessionStore.setState({ status: 'signedIn', user });
    const u = userEvent.setup();
    const router = await renderAt('/explore');
    await act(() => router.navigate({ href: '/event/ab12cd34' }));
    await act(() => router.navigate({ href: '/profile/saved' }));
    await u.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/event/ab12cd34');
    await u.click(screen.getByRole('link', { name: 'Explore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/ab12cd34'));

    await u.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/saved'));

    // tapping the active tab goes to its root
    await u.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('falls back to the tab root when the remembered route fails', async () => {
    useSessionStore.setState({ status: 'signedIn', user });
    useTabMemoryStore.setState({ last: { explore: '/broken' } });
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    const u = userEvent.setup();
    const router = await renderAt('/');
    await u.click(screen.getByRole('link', { name: 'Explore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(useTabMemoryStore.getState().last.explore).toBe('/explore');
    quiet.forEach((spy) => spy.mockRestore());
  });

  it('asks a signed-out user to log in instead of opening the profile', async () => {
    const u = userEvent.setup();
    const router = await renderAt('/explore');
    await u.click(screen.getByRole('link', { name: 'Profile' }));
    expect(useLoginPopupStore.getState().open).toBe(true);
    expect(router.state.location.pathname).toBe('/explore');
  });
});
