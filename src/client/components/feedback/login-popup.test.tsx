import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPopup } from './login-popup';
import { requireLogin, useLoginPopupStore } from '../../lib/login-popup';
import { useFeatureFlagStore } from '../../lib/feature-flags';
import { useToastStore } from '../../lib/toast-store';
import { initTestI18n, renderInRouter } from '../test-utils';

beforeAll(initTestI18n);
beforeEach(() => {
  useLoginPopupStore.setState({ open: false, reason: undefined });
  useToastStore.setState({ toasts: [] });
});

const setLogin = (enabled: boolean) =>
  useFeatureFlagStore.setState({
    flags: [
      { key: 'LOGIN', enabled },
      { key: 'SIGNUP', enabled: true },
    ],
    loaded: true,
  });

describe('LoginPopup', { timeout: 20_000 }, () => {
  it("'Log in' goes to /login with go set to the current path", async () => {
    setLogin(true);
    const user = userEvent.setup();
    const { router } = await renderInRouter(<LoginPopup />, '/event/ab12cd34');
    act(() => requireLogin());
    expect(screen.getByRole('dialog', { name: 'Log in to continue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.searchStr).get('go')).toBe('event/ab12cd34');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns for 6 s that login is unavailable when the LOGIN feature is off', async () => {
    setLogin(false);
    const user = userEvent.setup();
    const { router } = await renderInRouter(<LoginPopup />, '/event/ab12cd34');
    act(() => requireLogin());
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/event/ab12cd34');
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      type: 'warn',
      message: 'Login is not available at the moment.',
      timeout: 6000,
    });
  });

  it('closes on Not now and on Escape', async () => {
    setLogin(true);
    const user = userEvent.setup();
    await renderInRouter(<LoginPopup />, '/explore');
    act(() => requireLogin());
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => requireLogin());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
