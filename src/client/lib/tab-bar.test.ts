import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activeTab, tabBarAllowed, tabTarget, useTabMemoryStore } from './tab-bar';
import { getStored, setStored } from './signed-storage';

describe('tab bar rules', () => {
  it('picks the active tab from the first path segment', () => {
    expect(activeTab('/')).toBe('home');
    expect(activeTab('')).toBe('home');
    expect(activeTab('/profile')).toBe('profile');
    expect(activeTab('/profile/saved')).toBe('profile');
    expect(activeTab('/explore')).toBe('explore');
    expect(activeTab('/event/abc123')).toBe('explore');
    expect(activeTab('/some-firm')).toBe('explore');
    expect(activeTab('/profiles')).toBe('explore');
  });

  it('is hidden on the workspace, auth, legal, help and create paths', () => {
    for (const path of [
      '/workspace/home',
      '/login',
      '/signup',
      '/auth/x',
      '/password/reset',
      '/terms',
      '/privacy',
      '/faq',
      '/about',
      '/about/credits-app-resources',
      '/create-firm',
      '/create',
      '/help',
    ]) {
      expect(tabBarAllowed(path, true), path).toBe(false);
    }
    for (const path of ['/explore', '/event/x', '/profile', '/blog', '/news', '/aup', '/some-firm']) {
      expect(tabBarAllowed(path, false), path).toBe(true);
    }
  });

  it('is hidden on the home page only while signed out', () => {
    expect(tabBarAllowed('/', false)).toBe(false);
    expect(tabBarAllowed('/', true)).toBe(true);
  });
});

describe('tab memory', () => {
  beforeEach(() => {
    localStorage.clear();
    useTabMemoryStore.setState({ last: {} });
  });

  it('remembers the last route of each tab and goes back there', () => {
    const { remember } = useTabMemoryStore.getState();
    remember('/explore?category=food');
    remember('/event/ab12cd34');
    remember('/profile/saved');
    const { last } = useTabMemoryStore.getState();
    expect(last).toEqual({ explore: '/event/ab12cd34', profile: '/profile/saved' });
    expect(tabTarget('explore', last)).toBe('/event/ab12cd34');
    expect(tabTarget('profile', last)).toBe('/profile/saved');
    expect(tabTarget('home', last)).toBe('/');
  });

  it('persists in the signed storage wrapper', () => {
    useTabMemoryStore.getState().remember('/blog/xyz#comments');
    const stored = getStored<string>('tab_memory');
    expect(JSON.parse(stored!).state.last.explore).toBe('/blog/xyz#comments');
  });

  it('starts from what a previous visit stored, and from nothing when the entry was tampered with', async () => {
    setStored('tab_memory', JSON.stringify({ state: { last: { profile: '/profile/saved' } }, version: 1 }));
    vi.resetModules();
    expect((await import('./tab-bar')).useTabMemoryStore.getState().last).toEqual({ profile: '/profile/saved' });
    localStorage.setItem('tab_memory', localStorage.getItem('tab_memory')!.replace('saved', 'people'));
    vi.resetModules();
    expect((await import('./tab-bar')).useTabMemoryStore.getState().last).toEqual({});
  });

  it('falls back to the tab root for a route that does not belong to the tab or is not local', () => {
    expect(tabTarget('profile', { profile: '/explore' })).toBe('/profile');
    expect(tabTarget('explore', { explore: '//evil.example/x' })).toBe('/explore');
    expect(tabTarget('explore', { explore: 'https://evil.example' })).toBe('/explore');
    useTabMemoryStore.getState().remember('/events');
    useTabMemoryStore.getState().forget('explore');
    expect(tabTarget('explore', useTabMemoryStore.getState().last)).toBe('/explore');
  });
});
