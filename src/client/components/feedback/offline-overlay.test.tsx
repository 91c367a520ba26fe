import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfflineOverlay } from './offline-overlay';
import { useNetworkStore } from '../../lib/network-status';
import { initTestI18n } from '../test-utils';

beforeAll(initTestI18n);
beforeEach(() => useNetworkStore.setState({ online: true, browsingOffline: false }));

describe('OfflineOverlay', { timeout: 20_000 }, () => {
  it('blocks the page with the spec text and locks scrolling until the connection returns', () => {
    render(<OfflineOverlay />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => useNetworkStore.setState({ online: false }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You are currently offline. Please check your connection.');
    expect(document.body).toHaveClass('scroll-locked');
    act(() => useNetworkStore.setState({ online: true }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('lets the user keep reading cached pages with a small offline banner', async () => {
    const user = userEvent.setup();
    useNetworkStore.setState({ online: false });
    render(<OfflineOverlay />);
    await user.click(screen.getByRole('button', { name: 'Keep reading offline' }));
    expect(useNetworkStore.getState().browsingOffline).toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('on a page made for use offline (the ticket wallet), shows the banner at once and never blocks', () => {
    useNetworkStore.setState({ online: false });
    render(<OfflineOverlay worksOffline />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    expect(document.body).not.toHaveClass('scroll-locked');
  });
});
