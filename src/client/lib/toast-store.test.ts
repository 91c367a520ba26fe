import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  const toasts = () => useToastStore.getState().toasts;

  it('keeps an info toast for 5000 ms, then plays a 250 ms exit before removing it', () => {
    toast.info('Saved to your list');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ type: 'info', timeout: 5000, leaving: false });

    vi.advanceTimersByTime(4999);
    expect(toasts()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts()[0].leaving).toBe(true);

    vi.advanceTimersByTime(249);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps an error toast for 8000 ms', () => {
    toast.error('Server error – try again later.');
    expect(toasts()[0]).toMatchObject({ type: 'error', timeout: 8000 });
    vi.advanceTimersByTime(7999);
    expect(toasts()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts()[0].leaving).toBe(true);
    vi.advanceTimersByTime(250);
    expect(toasts()).toHaveLength(0);
  });

  it('honours an explicit timeout (login errors use 6000 ms)', () => {
    toast.warn('Login is not available at the moment.', undefined, 6000);
    vi.advanceTimersByTime(5999);
    expect(toasts()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts()[0].leaving).toBe(true);
  });

  it('deduplicates by message and type, but not across types; a repeat replaces the one on screen, its time restarted', () => {
    const first = toast.error('Resource not found.');
    vi.advanceTimersByTime(7000);
    const again = toast.error('Resource not found.');
    // never swallowed: a new toast (announced again) in place of the old one
    expect(again).not.toBe(first);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0].id).toBe(again);
    vi.advanceTimersByTime(7000);
    expect(toasts()[0].leaving).toBe(false);

    toast.info('Resource not found.');
    toast.error('Another problem');
    expect(toasts().map((t) => `${t.type}:${t.message}`)).toEqual([
      'error:Resource not found.',
      'info:Resource not found.',
      'error:Another problem',
    ]);
  });

  it('shows the same message again once the first one is leaving', () => {
    const first = toast.success('Link copied');
    useToastStore.getState().dismiss(first);
    const second = toast.success('Link copied');
    expect(second).not.toBe(first);
    expect(toasts().filter((t) => !t.leaving)).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0].id).toBe(second);
  });

  it('treats "warning" as warn and closes early on dismiss with the same 250 ms exit', () => {
    const id = useToastStore.getState().show({ type: 'warning', title: 'Heads up', message: 'Check your details' });
    expect(toasts()[0]).toMatchObject({ type: 'warn', title: 'Heads up', timeout: 5000 });
    vi.advanceTimersByTime(1000);
    useToastStore.getState().dismiss(id);
    expect(toasts()[0].leaving).toBe(true);
    vi.advanceTimersByTime(250);
    expect(toasts()).toHaveLength(0);
    // the cancelled auto-dismiss does not fire later
    vi.advanceTimersByTime(10_000);
    expect(toasts()).toHaveLength(0);
  });
});
