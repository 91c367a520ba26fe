import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeaderBar, ShellHeader } from './header-bar';
import { useFeatureFlagStore } from '../../lib/feature-flags';
import { useSessionStore } from '../../lib/session';
import { useThemeStore } from '../../lib/theme';
import { useShellChromeStore } from '../../lib/shell-chrome';
import { initTestI18n, renderInRouter } from '../test-utils';

beforeAll(initTestI18n);

function flags(on: string[]) {
  useFeatureFlagStore.setState({ flags: ['LOGIN', 'SIGNUP'].map((key) => ({ key, enabled: on.includes(key) })), loaded: true });
}

beforeEach(() => {
  flags(['LOGIN', 'SIGNUP']);
  useSessionStore.setState({ status: 'signedOut', user: null });
  useShellChromeStore.setState({ header: { type: 'bar' } });
});

describe('HeaderBar', { timeout: 20_000 }, () => {
  it('Login goes to /login with go set to the current path without its leading slash', async () => {
    const user = userEvent.setup();
    const { router } = await renderInRouter(<HeaderBar />, '/event/ab12cd34');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.searchStr).get('go')).toBe('event/ab12cd34');
  });

  it('Login carries no go on the home page or the login page', async () => {
    const user = userEvent.setup();
    const { router } = await renderInRouter(<HeaderBar />, '/');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.searchStr).toBe('');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location.href).toBe('/login');
  });

  it('Signup goes to /signup', async () => {
    const user = userEvent.setup();
    const { router } = await renderInRouter(<HeaderBar />, '/explore');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.href).toBe('/signup'));
  });

  it('disables each button when its feature flag is off', async () => {
    flags(['SIGNUP']);
    await renderInRouter(<HeaderBar />, '/explore');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it('disables Signup when SIGNUP is off', async () => {
    flags(['LOGIN']);
    await renderInRouter(<HeaderBar />, '/explore');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });

  it('shows the profile link instead of the buttons when signed in', async () => {
    useSessionStore.setState({
      status: 'signedIn',
      user: {
        id: 'u1',
        firstName: 'Lina',
        lastName: 'Haddad',
        flip: 'lina',
        imagePath: null,
        totalFriends: 0,
        statusCode: 1,
        regionPreference: 'EU',
        hourFormat: 12,
      },
    });
    await renderInRouter(<HeaderBar />, '/explore');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    // the visible initials are part of the link's name (label in name)
    const profile = screen.getByRole('link', { name: 'Your profile (LH)' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).toHaveTextContent('LH');
  });

  it('links the logo to / and shows an optional badge', async () => {
    await renderInRouter(<HeaderBar badge="Beta" />, '/explore');
    const home = screen.getByRole('link', { name: 'Souk home' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveTextContent('Beta');
  });

  it('cycles the theme with the toggle', async () => {
    const user = userEvent.setup();
    useThemeStore.setState({ preference: 'default' });
    await renderInRouter(<HeaderBar />, '/explore');
    await user.click(screen.getByRole('button', { name: /^Theme: Device/ }));
    expect(useThemeStore.getState().preference).toBe('bright');
    await user.click(screen.getByRole('button', { name: /^Theme: Bright/ }));
    expect(useThemeStore.getState().preference).toBe('dark');
  });
});

describe('dynamic headers', { timeout: 20_000 }, () => {
  it('close header: back arrow and title; a click calls onClose', async () => {
    const user = userEvent.setup();
    let closed = 0;
    useShellChromeStore.setState({ header: { type: 'close', title: 'Tickets', onClose: () => closed++ } });
    await renderInRouter(<ShellHeader />, '/event/x');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(closed).toBe(1);
    expect(screen.getByText('Tickets')).toBeInTheDocument();
  });

  it('titleWithImage header: image and title go to the given place', async () => {
    const user = userEvent.setup();
    useShellChromeStore.setState({ header: { type: 'titleWithImage', title: 'Café Nour', image: '/img/nour.webp', to: '/cafe-nour' } });
    const { router } = await renderInRouter(<ShellHeader />, '/event/x');
    await user.click(await screen.findByRole('button', { name: 'Café Nour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cafe-nour'));
  });

  it('simple header: the app name linking to /', async () => {
    useShellChromeStore.setState({ header: { type: 'simple' } });
    await renderInRouter(<ShellHeader />, '/terms');
    expect(screen.getByRole('link', { name: 'Souk home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
