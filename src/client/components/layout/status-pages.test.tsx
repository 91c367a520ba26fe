import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NotFoundPage } from './not-found-page';
import { MaintenancePage, featureLabel } from './maintenance-page';
import { formatPageTitle } from '../../lib/page-head';
import { initTestI18n, renderInRouter } from '../test-utils';
import { Footer } from './footer';
import { NoData } from '../feedback/no-data';

beforeAll(initTestI18n);

describe('status pages', { timeout: 20_000 }, () => {
  it('404: heading, the spec text, Explore Souk to /explore, and the page title', async () => {
    await renderInRouter(<NotFoundPage />, '/nope');
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for is not found or has been changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Souk' })).toHaveAttribute('href', '/explore');
    expect(document.title).toBe('Page not found — Souk');
  });

  it('maintenance: the feature in the title and text, Got It to /explore', async () => {
    await renderInRouter(<MaintenancePage feature="blog" />, '/maintenance?feature=blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Temporarily Unavailable' })).toBeInTheDocument();
    expect(screen.getByText("We're performing a quick upgrade on the blog module. Please check back in a few.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Got It' })).toHaveAttribute('href', '/explore');
    expect(document.title).toBe('Blog Temporarily Unavailable — Souk');
  });

  it('maintenance: flag keys read as words', () => {
    const t = (_key: string, fallback: string) => fallback;
    expect(featureLabel('CREATE_FIRM', t)).toBe('create firm');
    expect(featureLabel('', t)).toBe('service');
    expect(featureLabel('LOGIN', (key, fallback) => (key === 'maintenance.features.LOGIN' ? 'login' : fallback))).toBe('login');
  });

  it('page titles read "title — Souk"', () => {
    expect(formatPageTitle('Explore')).toBe('Explore — Souk');
    expect(formatPageTitle('')).toBe('Souk');
  });
});

describe('footer and no-data', { timeout: 20_000 }, () => {
  it('footer: year, app name, the four links and the operator line', async () => {
    await renderInRouter(<Footer />, '/explore');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Souk`);
    for (const [name, href] of [
      ['About', '/about'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Help', '/help'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent('licensed to and operated by its publishing company');
  });

  it('no-data: message and an optional Explore button to /explore', async () => {
    const { unmount } = await renderInRouter(<NoData message="No saved events yet." />, '/profile/saved');
    expect(screen.getByText('No saved events yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    unmount();
    render(<NoData showExplore={false} />);
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
