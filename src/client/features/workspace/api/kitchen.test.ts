import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { followOtherScreensDishes } from './kitchen';

/**
 * A live event of another screen's switch reads the dishes again, except while a switch of this
 * screen is on its way: that event may be the echo of this screen's earlier switch, and reading the
 * list then would put a switch the cook just moved back where it was.
 */
describe('followOtherScreensDishes', () => {
  const firmId = 'firm-1';

  it('reads the list again when no switch of this screen is on its way', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    followOtherScreensDishes(queryClient, firmId);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.kitchenDishes(firmId) });
  });

  it('leaves the list alone while a switch is on its way', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let answer: (() => void) | undefined;
    const pending = new MutationObserver(queryClient, {
      mutationKey: queryKeys.kitchenDishes(firmId),
      mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    const done = pending.mutate();
    followOtherScreensDishes(queryClient, firmId);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!();
    await done;
    followOtherScreensDishes(queryClient, firmId);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
