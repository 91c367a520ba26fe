import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askToKeepThisPage, forgetServerRenderedPages, registerServiceWorker } from './service-worker';
import { useServiceWorkerStore, watchForUpdates, watchRegistration } from './service-worker-updates';

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
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  startUpdate(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

const asContainer = (c: FakeContainer) => c as unknown as ServiceWorkerContainer;
const asRegistration = (r: FakeRegistration) => r as unknown as ServiceWorkerRegistration;

const navigation = (workerStart: number) => ({ workerStart }) as PerformanceNavigationTiming;

const reload = vi.fn();
beforeEach(() => {
  useServiceWorkerStore.setState({ updateReady: false, applyUpdate: () => {} });
  reload.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});

describe('service worker update prompt', () => {
  it('offers a new version once it is installed while an older one controls the page', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const registration = new FakeRegistration();
    watchRegistration(asContainer(container), asRegistration(registration));
    const next = new FakeWorker('installing');
    registration.startUpdate(next);
    expect(useServiceWorkerStore.getState().updateReady).toBe(false);
    next.moveTo('installed');
    expect(useServiceWorkerStore.getState().updateReady).toBe(true);
  });

  it('offers a version that was already waiting when the page opened', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    watchRegistration(asContainer(container), asRegistration(registration));
    expect(useServiceWorkerStore.getState().updateReady).toBe(true);
  });

  it('offers nothing on the very first install', () => {
    const container = new FakeContainer(null);
    const registration = new FakeRegistration();
    watchRegistration(asContainer(container), asRegistration(registration));
    const first = new FakeWorker('installing');
    registration.startUpdate(first);
    first.moveTo('installed');
    expect(useServiceWorkerStore.getState().updateReady).toBe(false);
  });

  it('applying sends SKIP_WAITING and reloads once the new version controls the page, not before', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const registration = new FakeRegistration();
    watchRegistration(asContainer(container), asRegistration(registration));
    const next = new FakeWorker('installing');
    registration.startUpdate(next);
    next.moveTo('installed');
    useServiceWorkerStore.getState().applyUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
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
