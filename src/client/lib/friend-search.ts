import { useEffect, useState } from 'react';
import { FRIEND_SEARCH_DEBOUNCE_MS, FRIEND_SEARCH_PAGE_SIZE } from '../../shared/limits';
import type { Paged } from '../../shared/paging';
import type { Person } from '../../shared/people';
import { canSearchFriends, friendSuggestions } from '../../shared/purchase';
import { apiRequest } from './api-client';

/**
 * The friend search of the purchase form and of passing a ticket on:
 * from 1 character, 200 ms after the last keystroke, page size 20, distinct results without the
 * people already chosen; a failed search is an empty list (no toast), an empty one says 'No matches'.
 */
export type FriendSearch = (text: string, signal: AbortSignal) => Promise<Person[]>;

/** `GET /api/user/people/friends` with offset 0, size 20, the user id and the text; the answer has `content` or is an array. */
export function friendSearchFor(userId: string): FriendSearch {
  return async (text, signal) => {
    const body = await apiRequest<Paged<Person> | Person[]>('/api/user/people/friends', {
      query: { page: 0, size: FRIEND_SEARCH_PAGE_SIZE, userId, searchName: text },
      signal,
    });
    return Array.isArray(body) ? body : body.content;
  };
}

export interface FriendSearchState {
  /** idle: under 1 character; searching: waiting for the debounce or the answer; done: `results` are the answer */
  status: 'idle' | 'searching' | 'done';
  results: Person[];
}

export function useFriendSearch(text: string, excludeIds: readonly string[], search: FriendSearch): FriendSearchState {
  const query = text.trim();
  const active = canSearchFriends(text);
  const [answer, setAnswer] = useState<{ query: string; search: FriendSearch; results: Person[] } | null>(null);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setAnswer({ query, search, results });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ query, search, results: [] });
        },
      );
    }, FRIEND_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, query, search]);

  if (!active) return { status: 'idle', results: [] };
  // an answer to an older text (or another search) is not this one's
  if (!answer || answer.query !== query || answer.search !== search) return { status: 'searching', results: [] };
  return { status: 'done', results: friendSuggestions(answer.results, excludeIds) };
}
