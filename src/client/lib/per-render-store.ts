import { useStore, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A zustand store whose first render of a page (on the server, and the hydrating render in the
 * browser) reads the store's initial state (zustand's server snapshot). On the server one store
 * serves every request, so `renderWith` sets that initial state for one synchronous render
 * (renderToString) and puts the previous one back after it.
 */
export function perRenderStore<S>(store: StoreApi<S>): {
  useStore: UseBoundStore<StoreApi<S>>;
  renderWith<T>(state: Partial<S>, render: () => T): T;
} {
  let renderState: S | undefined;
  const rendered: StoreApi<S> = { ...store, getInitialState: () => renderState ?? store.getInitialState() };

  function useRendered<T>(selector: (state: S) => T = (state) => state as unknown as T): T {
    return useStore(rendered, selector);
  }

  function renderWith<T>(state: Partial<S>, render: () => T): T {
    const previous = renderState;
    renderState = { ...store.getInitialState(), ...state };
    try {
      return render();
    } finally {
      renderState = previous;
    }
  }

  return { useStore: Object.assign(useRendered, store) as UseBoundStore<StoreApi<S>>, renderWith };
}
