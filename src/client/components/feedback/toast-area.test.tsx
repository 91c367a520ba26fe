import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastArea } from './toast-area';
import { toast, useToastStore } from '../../lib/toast-store';
import { initTestI18n } from '../test-utils';

beforeAll(initTestI18n);
beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('ToastArea', { timeout: 20_000 }, () => {
  it('renders toasts by type with title, in live regions, and closes with the exit animation', () => {
    render(<ToastArea />);
    act(() => {
      toast.success('Saved to your list', 'Saved');
      toast.error('Server error – try again later.');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).toHaveTextContent('SavedSaved to your list');
    expect(region.querySelector('[aria-live="assertive"]')).toHaveTextContent('Server error – try again later.');
    expect(region.querySelector('[data-type="success"]')).not.toBeNull();

    const closeButtons = screen.getAllByRole('button', { name: 'Dismiss' });
    fireEvent.click(closeButtons[0]);
    expect(region.querySelector('[data-type="success"]')).toHaveAttribute('data-leaving', 'true');
    act(() => vi.advanceTimersByTime(250));
    expect(region.querySelector('[data-type="success"]')).toBeNull();
    expect(region.querySelector('[data-type="error"]')).not.toBeNull();
  });
});
