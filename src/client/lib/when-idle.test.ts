import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then for an idle moment', () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    whenIdle(task);
    expect(idleCallbacks).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idleCallbacks.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('asks for an idle moment at once when the page has loaded', () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const task = vi.fn();
    whenIdle(task);
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
