import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';
import { confirm, useConfirmStore } from '../../lib/confirm-store';
import { initTestI18n } from '../test-utils';

beforeAll(initTestI18n);
beforeEach(() => useConfirmStore.setState({ queue: [] }));

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('shows queued confirmations one at a time, in order', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirm({ title: 'Delete menu', message: { html: 'Delete <b>Summer</b>?' }, okText: 'Delete', cancelText: 'Keep' });
      second = confirm({ title: 'Leave firm', message: 'You will lose access.' });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'Delete menu' })).toBeInTheDocument();
    expect(screen.getByText('Summer').tagName).toBe('B');

    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await expect(first).resolves.toBe(false);
    expect(screen.getByRole('alertdialog', { name: 'Leave firm' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(second).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a text message as written: what a user typed never becomes markup or a link', async () => {
    render(<ConfirmDialog />);
    // a session's device strings come from the client that signed in: anyone can set them
    const device = '<a href="https://evil.example/login">Chrome</a> on <b>Linux</b> <img src=x onerror=alert(1)>';
    act(() => {
      void confirm({ title: 'Sign out this device?', message: `${device} will have to log in again.` });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out this device?' });
    expect(dialog.querySelector('a, b, img')).toBeNull();
    expect(dialog).toHaveTextContent(`${device} will have to log in again.`);
  });

  it('Enter confirms and Escape cancels', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let a!: Promise<boolean>;
    let b!: Promise<boolean>;
    act(() => {
      a = confirm('First?');
      b = confirm('Second?');
    });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await expect(a).resolves.toBe(true);
    await user.keyboard('{Escape}');
    await expect(b).resolves.toBe(false);
  });

  it('Escape does nothing without a cancel button; the backdrop then confirms', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let pending!: Promise<boolean>;
    act(() => {
      pending = confirm({ message: 'Your ticket is booked.', showCancel: false });
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    await expect(pending).resolves.toBe(true);
  });

  it('a backdrop click cancels when there is a cancel button', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let pending!: Promise<boolean>;
    act(() => {
      pending = confirm('Discard changes?');
    });
    await user.click(screen.getByTestId('modal-backdrop'));
    await expect(pending).resolves.toBe(false);
  });

  it('renders message HTML through the allow-list only', () => {
    render(<ConfirmDialog />);
    act(() => {
      void confirm('<img src=x onerror="window.__pwned=1">Sure?<script>window.__pwned=2</script>');
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.querySelector('img,script')).toBeNull();
    expect(dialog).toHaveTextContent('Sure?');
  });
});
