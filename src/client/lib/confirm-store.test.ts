import { beforeEach, describe, expect, it } from 'vitest';
import { confirm, useConfirmStore } from './confirm-store';

describe('confirmation queue', () => {
  beforeEach(() => useConfirmStore.setState({ queue: [] }));

  it('queues requests in the order asked and settles each with its own answer', async () => {
    const first = confirm({ message: 'Delete the menu?' });
    const second = confirm('Leave the firm?');
    const third = confirm({ message: 'Publish now?', showCancel: false });
    const { queue, answer } = useConfirmStore.getState();
    expect(queue.map((item) => item.message)).toEqual(['Delete the menu?', 'Leave the firm?', 'Publish now?']);
    expect(queue[0].showCancel).toBe(true);
    expect(queue[2].showCancel).toBe(false);

    answer(queue[0].id, false);
    expect(useConfirmStore.getState().queue[0].message).toBe('Leave the firm?');
    answer(useConfirmStore.getState().queue[0].id, true);
    answer(useConfirmStore.getState().queue[0].id, true);

    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    await expect(third).resolves.toBe(true);
    expect(useConfirmStore.getState().queue).toEqual([]);
  });

  it('ignores a second answer to the same request', async () => {
    const pending = confirm('Once?');
    const { id } = useConfirmStore.getState().queue[0];
    useConfirmStore.getState().answer(id, true);
    useConfirmStore.getState().answer(id, false);
    await expect(pending).resolves.toBe(true);
  });
});
