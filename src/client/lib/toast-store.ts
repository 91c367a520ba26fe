import { create } from 'zustand';
import { TOAST_ERROR_TIMEOUT_MS, TOAST_EXIT_MS, TOAST_TIMEOUT_MS } from '../../shared/limits';

export type ToastType = 'success' | 'error' | 'info' | 'warn';

export interface Toast {
  id: number;
  type: ToastType;
  title?: string;
  message: string;
  timeout: number;
  /** true during the 250 ms exit animation */
  leaving: boolean;
  /** a button in the toast (e.g. Undo); the toast closes when it is pressed */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run(): void;
}

export interface ToastInput {
  type?: ToastType | 'warning';
  title?: string;
  message: string;
  timeout?: number;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  show(input: ToastInput): number;
  dismiss(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Toasts: success, error, info, warn ('warning' is an alias);
 * 5000 ms by default, 8000 ms for errors; the same message and type is never shown twice at once:
 * shown again, it replaces the one on screen (a new toast, announced again, its time restarted),
 * so a repeated failure is never swallowed;
 * a dismissed toast plays a 250 ms exit before it is removed.
 */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show: (input) => {
    const type: ToastType = input.type === 'warning' ? 'warn' : (input.type ?? 'info');
    const duplicate = get().toasts.find((t) => !t.leaving && t.type === type && t.message === input.message);
    if (duplicate) {
      clearTimeout(timers.get(duplicate.id));
      timers.delete(duplicate.id);
      set((state) => ({ toasts: state.toasts.filter((t) => t.id !== duplicate.id) }));
    }
    const timeout = input.timeout ?? (type === 'error' ? TOAST_ERROR_TIMEOUT_MS : TOAST_TIMEOUT_MS);
    const toast: Toast = { id: nextId++, type, title: input.title, message: input.message, timeout, leaving: false, action: input.action };
    set((state) => ({ toasts: [...state.toasts, toast] }));
    if (timeout > 0)
      timers.set(
        toast.id,
        setTimeout(() => get().dismiss(toast.id), timeout),
      );
    return toast.id;
  },
  dismiss: (id) => {
    const toast = get().toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })), TOAST_EXIT_MS);
  },
}));

export const toast = {
  show: (input: ToastInput) => useToastStore.getState().show(input),
  success: (message: string, title?: string, timeout?: number) => toast.show({ type: 'success', message, title, timeout }),
  error: (message: string, title?: string, timeout?: number) => toast.show({ type: 'error', message, title, timeout }),
  info: (message: string, title?: string, timeout?: number) => toast.show({ type: 'info', message, title, timeout }),
  warn: (message: string, title?: string, timeout?: number) => toast.show({ type: 'warn', message, title, timeout }),
  /** a success with a button that takes it back (shown a little longer, time to reach it) */
  undoable: (message: string, action: ToastAction) => toast.show({ type: 'success', message, action, timeout: 8000 }),
};
