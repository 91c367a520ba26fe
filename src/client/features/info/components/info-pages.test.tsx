import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HelpPage } from './help/help-page';
import { NewsPage } from './news/news-page';
import { CreditsResourcesPage } from './credits/credits-resources-page';
import { CreditsOpenSourcePage } from './credits/credits-open-source-page';
import { createTestI18n, renderAt } from '../../../components/test-utils';

describe('help, news and credits pages', () => {
  it('Help sends order questions to the business, and problems to support by email', async () => {
    await renderAt(HelpPage, '/help', await createTestI18n());
    expect(document.title).toBe('Help Center — Souk');
    expect(screen.getByText(/contact the relevant restaurant, shop or business directly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@souk.example' })).toHaveAttribute('href', 'mailto:support@souk.example');
    expect(screen.getByRole('link', { name: /About Souk/ })).toHaveAttribute('href', '/about');
  });

  it('News lists dated items, newest first', async () => {
    await renderAt(NewsPage, '/news', await createTestI18n());
    const dates = [...document.querySelectorAll('time')].map((time) => time.getAttribute('datetime')!);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(screen.getAllByRole('article')).toHaveLength(dates.length);
  });

  it('App resources shows No Content.', async () => {
    await renderAt(CreditsResourcesPage, '/about/credits-app-resources', await createTestI18n());
    expect(screen.getByText('No Content.')).toBeInTheDocument();
  });

  it('Open source thanks the community and lists the flag images', async () => {
    await renderAt(CreditsOpenSourcePage, '/about/credits-app-open-source', await createTestI18n());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Open Source Technologies Acknowledgment');
    expect(screen.getByText(/open-source community/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /flag-icons/ })).toHaveAttribute('href', 'https://github.com/lipis/flag-icons');
  });
});
