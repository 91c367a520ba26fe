import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askToKeepThisPage, forgetServerRenderedPages, registerServiceWorker } from './service-worker';
import { offerUpdates, useServiceWorkerStore, watchForUpdates, type UpdateSource } from './service-worker-updates';

vi.mock('./service-worker-updates', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  watchForUpdates: vi.fn(),
}));

class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

const asContainer = (c: FakeContainer) => c as unknown as ServiceWorkerContainer;

const navigation = (workerStart: number) => ({ workerStart }) as PerformanceNavigationTiming;

const reload = vi.fn();
beforeEach(() => {
  useServiceWorkerStore.setState({ updateReady: false, applyUpdate: () => {} });
  reload.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});

/** workbox-window's `Workbox` as the update offer sees it: its lifecycle events and the skip-waiting message. */
class FakeWorkbox extends EventTarget {
  skipWaitingAsked = 0;
  messageSkipWaiting() {
    this.skipWaitingAsked += 1;
  }
}
const asSource = (w: FakeWorkbox) => w as unknown as UpdateSource;

describe('service worker update prompt', () => {
  it('offers a new version once it is waiting while an older one controls the page', () => {
    const workbox = new FakeWorkbox();
    offerUpdates(asSource(workbox), asContainer(new FakeContainer(new FakeWorker('activated'))));
    expect(useServiceWorkerStore.getState().updateReady).toBe(false);
    workbox.dispatchEvent(new Event('waiting'));
    expect(useServiceWorkerStore.getState().updateReady).toBe(true);
  });

  it('offers nothing on the very first install', () => {
    const workbox = new FakeWorkbox();
    offerUpdates(asSource(workbox), asContainer(new FakeContainer(null)));
    workbox.dispatchEvent(new Event('waiting'));
    expect(useServiceWorkerStore.getState().updateReady).toBe(false);
  });

  it('applying asks the new version to skip waiting and reloads once it controls the page, not before', () => {
    const workbox = new FakeWorkbox();
    offerUpdates(asSource(workbox), asContainer(new FakeContainer(new FakeWorker('activated'))));
    workbox.dispatchEvent(new Event('waiting'));
    useServiceWorkerStore.getState().applyUpdate();
    expect(workbox.skipWaitingAsked).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.dispatchEvent(new Event('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the page cache of the worker', () => {
  it('a page opened before the worker existed asks it to keep the page and the built files it loaded once it takes control', () => {
    const origin = window.location.origin;
    const resources = [
      `${origin}/assets/common-fr.js`,
      `${origin}/api/public/firms`,
      'https://cdn.test/assets/x.js',
      `${origin}/assets/app.css`,
    ];
    const entries = vi.spyOn(performance, 'getEntriesByType').mockReturnValue(resources.map((name) => ({ name }) as PerformanceEntry));
    try {
      const container = new FakeContainer(null);
      askToKeepThisPage(asContainer(container));
      const worker = new FakeWorker('activated');
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
      container.dispatchEvent(new Event('controllerchange'));
      expect(worker.messages).toEqual([{ type: 'KEEP_PAGE', assets: [`${origin}/assets/common-fr.js`, `${origin}/assets/app.css`] }]);
      expect(entries).toHaveBeenCalledWith('resource');
    } finally {
      entries.mockRestore();
    }
  });

  it('a page the worker already answered does not ask again (it is kept, or not one to keep)', () => {
    const worker = new FakeWorker('activated');
    const container = new FakeContainer(worker);
    askToKeepThisPage(asContainer(container), navigation(12));
    container.dispatchEvent(new Event('controllerchange'));
    expect(worker.messages).toEqual([]);
  });

  it('a page the worker took control of while it loaded (its navigation never reached the worker) asks at once', () => {
    const worker = new FakeWorker('activated');
    const container = new FakeContainer(worker);
    askToKeepThisPage(asContainer(container), navigation(0));
    container.dispatchEvent(new Event('controllerchange'));
    expect(worker.messages).toEqual([{ type: 'KEEP_PAGE', assets: [] }]);
  });

  it('forgetting the kept pages deletes souk-pages, and does nothing where there is no Cache Storage', async () => {
    const remove = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: remove });
    try {
      await forgetServerRenderedPages();
      expect(remove).toHaveBeenCalledWith('souk-pages');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof caches).toBe('undefined');
    await expect(forgetServerRenderedPages()).resolves.toBeUndefined();
  });
});

describe('the update watcher', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads once the page is idle, not with the entry, and the page asks to be kept at once', async () => {
    vi.stubEnv('DEV', false);
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const container = new FakeContainer(null);
    registerServiceWorker(asContainer(container));
    const worker = new FakeWorker('activated');
    container.controller = worker;
    container.dispatchEvent(new Event('controllerchange'));
    expect(worker.messages).toEqual([expect.objectContaining({ type: 'KEEP_PAGE' })]);
    await vi.dynamicImportSettled();
    expect(watchForUpdates).not.toHaveBeenCalled();
    idleCallbacks.forEach((callback) => callback());
    await vi.waitFor(() => expect(watchForUpdates).toHaveBeenCalledWith(container));
  });
});
