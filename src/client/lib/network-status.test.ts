import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initNetworkStatus, isSlowConnection, useNetworkStore } from './network-status';

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
