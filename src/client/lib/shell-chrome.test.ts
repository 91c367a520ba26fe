import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { DEFAULT_HEADER, useHideFooter, useShellChromeStore, useShellHeader } from './shell-chrome';

afterEach(cleanup);

describe('shell chrome hooks', () => {
  it('a page sets its header while mounted and the bar comes back after', () => {
    const { unmount, rerender } = renderHook(({ title }) => useShellHeader({ type: 'close', title }), {
      initialProps: { title: 'Tickets' },
    });
    expect(useShellChromeStore.getState().header).toEqual({ type: 'close', title: 'Tickets' });
    rerender({ title: 'Checkout' });
    expect(useShellChromeStore.getState().header).toEqual({ type: 'close', title: 'Checkout' });
    unmount();
    expect(useShellChromeStore.getState().header).toEqual(DEFAULT_HEADER);
  });

  it('keeps the latest onClose without resetting the header', () => {
    const calls: string[] = [];
    const { rerender } = renderHook(({ name }) => useShellHeader({ type: 'close', title: 'Menu', onClose: () => calls.push(name) }), {
      initialProps: { name: 'first' },
    });
    rerender({ name: 'second' });
    const header = useShellChromeStore.getState().header as { onClose: () => void };
    header.onClose();
    expect(calls).toEqual(['second']);
  });

  it('hides the footer while mounted', () => {
    const { unmount } = renderHook(() => useHideFooter());
    expect(useShellChromeStore.getState().footer).toBe(false);
    unmount();
    expect(useShellChromeStore.getState().footer).toBe(true);
  });
});
