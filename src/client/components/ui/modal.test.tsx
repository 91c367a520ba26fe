import { describe, expect, it, vi, beforeAll } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';
import { initTestI18n } from '../test-utils';

beforeAll(initTestI18n);

function Harness(props: Partial<Parameters<typeof Modal>[0]>) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button onClick={() => setOpen(true)}>Open</button>
      <a href="#outside">Outside link</a>
      <Modal open={open} onClose={() => setOpen(false)} title="Edit address" {...props}>
        <input aria-label="Street" />
        <button>Save</button>
      </Modal>
    </div>
  );
}

describe('Modal', { timeout: 20_000 }, () => {
  it('traps focus inside while open and returns it to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Edit address' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Street')).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab(); // wraps to the close icon, never the page behind
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Street')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();

    // focus forced outside comes back in
    screen.getByRole('link', { name: 'Outside link' }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('locks page scroll while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body).toHaveClass('scroll-locked');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes on a backdrop click unless that is disabled', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Harness closeOnBackdrop={false} closeOnEscape={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('has no close icon or title when asked, a full-page option and z-index 1100', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} showClose={false} fullPage ariaLabel="Photo">
        <p>content</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Photo' });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(dialog.className).toMatch(/fullPage/);
    expect((dialog.parentElement as HTMLElement).style.zIndex).toBe('1100');
  });

  it('only the top modal answers Escape', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal open onClose={outer} title="Outer">
          <button>a</button>
        </Modal>
        <Modal open onClose={inner} title="Inner">
          <button>b</button>
        </Modal>
      </>,
    );
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
