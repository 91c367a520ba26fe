import { create } from 'zustand';

/**
 * Confirmation config. `message` is text, shown as written: messages carry
 * what users typed or sent (a device's name, a firm's name), which must never become markup or
 * links. A message that needs a little HTML says so, `{ html }`, and is sanitized.
 */
export interface ConfirmOptions {
  message: string | { html: string };
  title?: string;
  okText?: string;
  cancelText?: string;
  /** default true */
  showCancel?: boolean;
  /** extra class on the dialog, e.g. for a destructive style */
  className?: string;
  /** paint the OK button as destructive */
  danger?: boolean;
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
  resolve(result: boolean): void;
}

interface ConfirmState {
  queue: ConfirmRequest[];
  /** answers the request (only the head of the queue is shown) and shows the next one */
  answer(id: number, result: boolean): void;
}

let nextId = 1;

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  queue: [],
  answer: (id, result) => {
    const request = get().queue.find((item) => item.id === id);
    if (!request) return;
    set((state) => ({ queue: state.queue.filter((item) => item.id !== id) }));
    request.resolve(result);
  },
}));

/**
 * Asks the user to confirm. Requests are queued and shown one at a time, in the order asked;
 * the promise settles true on OK, false on cancel.
 */
export function confirm(options: ConfirmOptions | string): Promise<boolean> {
  const config: ConfirmOptions = typeof options === 'string' ? { message: options } : options;
  return new Promise<boolean>((resolve) => {
    const request: ConfirmRequest = { showCancel: true, ...config, id: nextId++, resolve };
    useConfirmStore.setState((state) => ({ queue: [...state.queue, request] }));
  });
}
