import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AboutPage } from './about-page';
import { createTestI18n, renderAt } from '../../../../components/test-utils';

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('About page', () => {
  it('opens the tab named by the fragment and shows only its panel', async () => {
    const i18n = await createTestI18n();
    await renderAt(AboutPage, '/about#careers', i18n);
    expect(selectedTab()).toHaveTextContent('Careers');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Careers');
    expect(screen.getByRole('link', { name: 'careers@souk.example' })).toHaveAttribute('href', 'mailto:careers@souk.example');
  });

  it('shows the overview without a fragment, with the company facts', async () => {
    const i18n = await createTestI18n();
    await renderAt(AboutPage, '/about', i18n);
    expect(selectedTab()).toHaveTextContent('Overview');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(/founded in 2025/);
    expect(screen.getByRole('tabpanel')).toHaveTextContent(/enterprise features are under development/);
  });

  it('writes the chosen tab into the fragment, and the overview as no fragment', async () => {
    const i18n = await createTestI18n();
    const { router } = await renderAt(AboutPage, '/about', i18n);
    fireEvent.click(screen.getByRole('tab', { name: 'Ethics' }));
    await waitFor(() => expect(router.state.location.hash).toBe('ethics'));
    expect(selectedTab()).toHaveTextContent('Ethics');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Social Responsibility and Ethics');

    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.href).toBe('/about'));
    expect(selectedTab()).toHaveTextContent('Overview');
  });

  it('follows the fragment when it changes from outside (back button, link)', async () => {
    const i18n = await createTestI18n();
    const { router } = await renderAt(AboutPage, '/about', i18n);
    await act(() => router.navigate({ to: '/about', hash: 'news' } as never));
    expect(selectedTab()).toHaveTextContent('News');
    expect(screen.getByRole('link', { name: /Read the latest news/ })).toHaveAttribute('href', '/news');
  });

  it('resets an unknown fragment to the overview at /about', async () => {
    const i18n = await createTestI18n();
    const { router } = await renderAt(AboutPage, '/about#nonsense', i18n);
    await waitFor(() => expect(router.state.location.href).toBe('/about'));
    expect(router.state.location.hash).toBe('');
    expect(selectedTab()).toHaveTextContent('Overview');
  });

  it('cycles tabs with the arrow keys, wrapping both ways, and keeps focus on the active tab', async () => {
    const i18n = await createTestI18n();
    const { router } = await renderAt(AboutPage, '/about#credits', i18n);
    const tablist = screen.getByRole('tablist');

    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.href).toBe('/about'));
    expect(selectedTab()).toHaveTextContent('Overview');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();

    fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.hash).toBe('credits'));
    expect(selectedTab()).toHaveTextContent('Credits');
    expect(screen.getByRole('tab', { name: 'Credits' })).toHaveFocus();

    fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.hash).toBe('news'));
  });

  it('uses a roving tabindex and links the credits pages', async () => {
    const i18n = await createTestI18n();
    await renderAt(AboutPage, '/about#credits', i18n);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
    expect(screen.getByRole('link', { name: /App resources/ })).toHaveAttribute('href', '/about/credits-app-resources');
    expect(screen.getByRole('link', { name: /Open source/ })).toHaveAttribute('href', '/about/credits-app-open-source');
  });
});
