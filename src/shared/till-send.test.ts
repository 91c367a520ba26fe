import { describe, expect, it } from 'vitest';
import type { TillSale, TillSaleInput } from './till';
import { sendQueue, type SendSteps } from './till-send';
import type { QueuedSale } from './till-store';

/** A device's queue, and a server that takes each sale key once and records every request. */
function device(keys: string[]) {
  let queue: QueuedSale[] = keys.map((saleKey, index) => ({ seq: index + 1, firmId: 'f1', input: { saleKey } as TillSaleInput }));
  const requests: string[] = [];
  const taken = new Set<string>();
  const events: string[] = [];
  let down = new Set<string>();
  const steps = (name: string): SendSteps => ({
    read: async () => [...queue],
    post: async (sale) => {
      requests.push(sale.input.saleKey);
      events.push(`${name} post ${sale.input.saleKey}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (down.has(sale.input.saleKey)) throw new Error('offline');
      const created = !taken.has(sale.input.saleKey);
      taken.add(sale.input.saleKey);
      events.push(`${name} answered ${sale.input.saleKey}`);
      return { reference: sale.input.saleKey, created } as TillSale;
    },
    done: async (seq) => {
      events.push(`${name} done ${seq}`);
      queue = queue.filter((sale) => sale.seq !== seq);
    },
    failed: async () => false,
  });
  return {
    steps,
    requests,
    events,
    taken,
    queue: () => queue.map((sale) => sale.input.saleKey),
    failOn: (...saleKeys: string[]) => (down = new Set(saleKeys)),
  };
}

/** Web Locks for one origin: callers of a name take turns. */
function lockManager() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: ((name: string, task: () => Promise<unknown>) => {
      const run = (tails.get(name) ?? Promise.resolve()).then(task);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    }) as (name: string, task: () => Promise<unknown>) => Promise<unknown>,
  };
}

describe('sending the till queue', () => {
  it('sends in the order the sales were made and takes each out only after the server answered', async () => {
    const till = device(['a', 'b', 'c']);
    const sent = await sendQueue(till.steps('tab'), lockManager());
    expect(sent.map((sale) => sale.reference)).toEqual(['a', 'b', 'c']);
    expect(till.events).toEqual([
      'tab post a',
      'tab answered a',
      'tab done 1',
      'tab post b',
      'tab answered b',
      'tab done 2',
      'tab post c',
      'tab answered c',
      'tab done 3',
    ]);
    expect(till.queue()).toEqual([]);
  });

  it('stops at the first sale that does not get through, keeping it and those after it', async () => {
    const till = device(['a', 'b', 'c']);
    till.failOn('b');
    const sent = await sendQueue(till.steps('tab'), lockManager());
    expect(sent.map((sale) => sale.reference)).toEqual(['a']);
    expect(till.queue()).toEqual(['b', 'c']);
  });

  it('goes on past a sale the sender set aside', async () => {
    const till = device(['a', 'b', 'c']);
    till.failOn('b');
    const setAside: string[] = [];
    const steps = {
      ...till.steps('tab'),
      failed: async (sale: QueuedSale) => (setAside.push(sale.input.saleKey), true),
    };
    expect((await sendQueue(steps, lockManager())).map((sale) => sale.reference)).toEqual(['a', 'c']);
    expect(setAside).toEqual(['b']);
  });

  it('a tab and the service worker sending at once take turns: each sale is sent once', async () => {
    const till = device(['a', 'b', 'c']);
    const locks = lockManager();
    const [tab, worker] = await Promise.all([sendQueue(till.steps('tab'), locks), sendQueue(till.steps('worker'), locks)]);
    expect(tab.map((sale) => sale.reference)).toEqual(['a', 'b', 'c']);
    expect(worker).toEqual([]);
    expect(till.requests).toEqual(['a', 'b', 'c']);
    expect(till.queue()).toEqual([]);
  });

  it('without the lock the same sale would be sent twice (the server still takes it once)', async () => {
    const till = device(['a']);
    await Promise.all([sendQueue(till.steps('tab'), undefined), sendQueue(till.steps('worker'), undefined)]);
    expect(till.requests).toEqual(['a', 'a']);
    expect([...till.taken]).toEqual(['a']);
  });
});
