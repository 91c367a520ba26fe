import { useEffect } from 'react';
import { create } from 'zustand';
import { refreshSession } from './api-client';
import { useSessionStore } from './session';

/**
 * Live events from the server (GET /api/user/stream, server-sent events; src/server/lib/realtime.ts):
 * one EventSource per tab while someone is signed in. Features listen with `onLiveEvent(type, fn)`
 * or `useLiveEvent(type, fn)`. When the stream cannot stay open (a proxy that buffers, an expired
 * login, no EventSource) the mode is 'polling': reads that should stay fresh poll instead, with
 * `refetchInterval: useLivePollInterval(ms)`. The stream is tried again with a growing pause.
 */
type LiveMode = 'off' | 'connecting' | 'live' | 'polling';
type Listener = (data: unknown) => void;

const useLiveStore = create<{ mode: LiveMode }>()(() => ({ mode: 'off' }));

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

const STREAM_URL = '/api/user/stream';

function setMode(mode: LiveMode) {
  if (useLiveStore.getState().mode !== mode) useLiveStore.setState({ mode });
}

function dispatch(type: string, event: MessageEvent) {
  let data: unknown;
  try {
    data = JSON.parse(String(event.data));
  } catch {
    return;
  }
  for (const listener of [...(listeners.get(type) ?? [])]) listener(data);
}

function listenOn(es: EventSource, type: string) {
  es.addEventListener(type, (event) => dispatch(type, event as MessageEvent));
}

function open() {
  if (typeof EventSource === 'undefined') {
    setMode('polling');
    return;
  }
  clearTimeout(retryTimer);
  setMode('connecting');
  const es = new EventSource(STREAM_URL, { withCredentials: true });
  source = es;
  for (const type of listeners.keys()) listenOn(es, type);
  es.onopen = () => {
    failures = 0;
    setMode('live');
  };
  es.onerror = () => {
    if (source !== es) return;
    // CONNECTING: the stream ended (it does every ten minutes) and EventSource reconnects by itself.
    setMode('polling');
    if (es.readyState !== EventSource.CLOSED) return;
    // CLOSED: the server refused (an expired access token answers 401): refresh, then try again later.
    es.close();
    source = null;
    failures += 1;
    const delay = Math.min(60_000, 2_000 * 2 ** Math.min(failures, 5));
    retryTimer = setTimeout(() => {
      void refreshSession().finally(() => {
        if (useSessionStore.getState().status === 'signedIn' && !source) open();
      });
    }, delay);
  };
}

function close() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  failures = 0;
  setMode('off');
}

/** Listens to one type of live event; returns the function that stops. */
function onLiveEvent(type: string, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    listeners.set(type, (set = new Set()));
    if (source) listenOn(source, type);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function useLiveEvent(type: string, listener: Listener): void {
  useEffect(() => onLiveEvent(type, listener), [type, listener]);
}

/** How often a read that should be live polls: never while the stream is open. */
export function useLivePollInterval(ms: number): number | false {
  const mode = useLiveStore((state) => state.mode);
  return mode === 'live' || mode === 'off' ? false : ms;
}

/** Opens the stream while someone is signed in (the app shell calls it once). */
export function useLiveConnection(): void {
  const signedIn = useSessionStore((state) => state.status === 'signedIn');
  useEffect(() => {
    if (!signedIn) return;
    open();
    return close;
  }, [signedIn]);
}
