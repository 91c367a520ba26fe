import { describe, expect, it, vi } from 'vitest';
import { afterMutation } from './after-mutation';

describe('afterMutation', () => {
  it('gives the result to onSuccess', async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    afterMutation(Promise.resolve(7), { onSuccess, onError });
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(7));
    expect(onError).not.toHaveBeenCalled();
  });

  it('gives a refusal to onError, and swallows it without one (the mutation cache told it)', async () => {
    const onError = vi.fn();
    const refusal = new Error('refused');
    afterMutation(Promise.reject(refusal), { onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(refusal));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    afterMutation(Promise.reject(refusal), {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
