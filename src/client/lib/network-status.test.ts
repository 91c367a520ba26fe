import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { initNetworkStatus, isSlowConnection, renderWithLiteMode, useNetworkStore } from './network-status';
import { useSessionStore } from './session';

describe('isSlowConnection', () => {
  it('is slow on 2g, slow-2g or Save-Data', () => {
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
  });

  it('is not slow on 3g, 4g, without Save-Data or without the API', () => {
    expect(isSlowConnection({ effectiveType: '3g' })).toBe(false);
    expect(isSlowConnection({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});

describe('initNetworkStatus', () => {
  class FakeConnection extends EventTarget {
    effectiveType = '4g';
    saveData = false;
  }
  const connection = new FakeConnection();
  let onLine = true;

  beforeAll(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
    initNetworkStatus();
  });
  afterEach(() => {
    onLine = true;
    connection.effectiveType = '4g';
    connection.dispatchEvent(new Event('change'));
    window.dispatchEvent(new Event('online'));
  });

  it('follows the online and offline events', () => {
    onLine = false;
    window.dispatchEvent(new Event('offline'));
    expect(useNetworkStore.getState().online).toBe(false);
    onLine = true;
    window.dispatchEvent(new Event('online'));
    expect(useNetworkStore.getState().online).toBe(true);
  });

  it('switches lite mode and the html.lite class when the connection slows down', () => {
    expect(document.documentElement.classList.contains('lite')).toBe(false);
    connection.effectiveType = 'slow-2g';
    connection.dispatchEvent(new Event('change'));
    expect(useNetworkStore.getState().lite).toBe(true);
    expect(document.documentElement.classList.contains('lite')).toBe(true);
    connection.effectiveType = '4g';
    connection.dispatchEvent(new Event('change'));
    expect(document.documentElement.classList.contains('lite')).toBe(false);
  });

  it("follows a member's lite mode (/profile/settings) on a fast link: on with it, off at sign-out", () => {
    const member = { id: 'u1', firstName: 'Lina', lastName: 'K', flip: 'lina', imagePath: null, totalFriends: 0, statusCode: 1 };
    useSessionStore.getState().setUser({ ...member, regionPreference: 'EU', hourFormat: 24, liteMode: true });
    expect(useNetworkStore.getState().lite).toBe(true);
    expect(document.documentElement.classList.contains('lite')).toBe(true);
    useSessionStore.getState().setUser({ ...member, regionPreference: 'EU', hourFormat: 24, liteMode: false });
    expect(useNetworkStore.getState().lite).toBe(false);
    useSessionStore.getState().setUser({ ...member, regionPreference: 'EU', hourFormat: 24, liteMode: true });
    useSessionStore.getState().setUser(null);
    expect(document.documentElement.classList.contains('lite')).toBe(false);
  });

  it('forgets "keep reading offline" once the connection is back', () => {
    onLine = false;
    window.dispatchEvent(new Event('offline'));
    useNetworkStore.getState().setBrowsingOffline(true);
    expect(useNetworkStore.getState().browsingOffline).toBe(true);
    onLine = true;
    window.dispatchEvent(new Event('online'));
    expect(useNetworkStore.getState().browsingOffline).toBe(false);
  });
});

describe('renderWithLiteMode', () => {
  it("renders in the member's lite mode for that render only (the server's store serves every request)", () => {
    const Picture = () => createElement('img', { src: useNetworkStore((state) => state.lite) ? 'small.webp' : 'medium.webp' });
    expect(renderWithLiteMode(true, () => renderToString(createElement(Picture)))).toContain('small.webp');
    expect(renderWithLiteMode(false, () => renderToString(createElement(Picture)))).toContain('medium.webp');
    expect(renderToString(createElement(Picture))).toContain('medium.webp');
  });
});
