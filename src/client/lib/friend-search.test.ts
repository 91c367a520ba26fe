import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '../../shared/people';
import { useFriendSearch, type FriendSearch } from './friend-search';

/** The purchase form's friend search rules, on fake timers. */
const person = (id: string): Person => ({ id, name: `${id} Tester`, flip: id, imagePath: null });

function searchReturning(results: Person[] | Error) {
  return vi.fn<FriendSearch>(async () => {
    if (results instanceof Error) throw results;
    return results;
  });
}

/** Lets the resolved search answer reach the hook. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useFriendSearch', () => {
  it('does not search under 1 character', async () => {
    const search = searchReturning([person('omar')]);
    const { result } = renderHook(() => useFriendSearch('  ', [], search));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(search).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'idle', results: [] });
  });

  it('searches 200 ms after the last keystroke, once, from 1 character', async () => {
    const search = searchReturning([person('omar')]);
    const { result, rerender } = renderHook(({ text }) => useFriendSearch(text, [], search), { initialProps: { text: 'o' } });
    await act(async () => vi.advanceTimersByTime(150));
    rerender({ text: 'om' });
    await act(async () => vi.advanceTimersByTime(150));
    rerender({ text: 'oma' });
    await act(async () => vi.advanceTimersByTime(199));
    expect(search).not.toHaveBeenCalled();
    expect(result.current.status).toBe('searching');
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toBe('oma');
    expect(result.current).toEqual({ status: 'done', results: [person('omar')] });
  });

  it('gives distinct results without the current holders', async () => {
    const search = searchReturning([person('omar'), person('me'), person('sophie'), person('omar'), person('james')]);
    const { result, rerender } = renderHook(({ holders }) => useFriendSearch('a', holders, search), { initialProps: { holders: ['me'] } });
    await act(async () => vi.advanceTimersByTime(200));
    await settle();
    expect(result.current.results.map((p) => p.id)).toEqual(['omar', 'sophie', 'james']);
    // a chip added: it leaves the list at once, without searching again
    rerender({ holders: ['me', 'sophie'] });
    expect(result.current.results.map((p) => p.id)).toEqual(['omar', 'james']);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('an error gives an empty list; an empty answer is done with no results (No matches)', async () => {
    const failing = searchReturning(new Error('offline'));
    const { result } = renderHook(() => useFriendSearch('zz', [], failing));
    await act(async () => vi.advanceTimersByTime(200));
    await settle();
    expect(result.current).toEqual({ status: 'done', results: [] });
    const empty = searchReturning([]);
    const second = renderHook(() => useFriendSearch('zz', [], empty));
    await act(async () => vi.advanceTimersByTime(200));
    await settle();
    expect(second.result.current).toEqual({ status: 'done', results: [] });
  });

  it('an answer to an older text never shows for the new one', async () => {
    let resolveFirst: (people: Person[]) => void = () => {};
    const search = vi.fn<FriendSearch>((text) =>
      text === 'o' ? new Promise<Person[]>((resolve) => (resolveFirst = resolve)) : Promise.resolve([person('sophie')]),
    );
    const { result, rerender } = renderHook(({ text }) => useFriendSearch(text, [], search), { initialProps: { text: 'o' } });
    await act(async () => vi.advanceTimersByTime(200));
    rerender({ text: 's' });
    await act(async () => resolveFirst([person('omar')]));
    expect(result.current.status).toBe('searching');
    await act(async () => vi.advanceTimersByTime(200));
    await settle();
    expect(result.current).toEqual({ status: 'done', results: [person('sophie')] });
  });
});
