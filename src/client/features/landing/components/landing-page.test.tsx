import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { LandingPage } from './landing-page';
import { FeedTeaser } from './feed-teaser';
import { MISSING_LANDING_TRANSLATIONS } from '../hooks/use-landing-headline';
import { createTestI18n, renderAt, resources } from '../../../components/test-utils';
import { useSessionStore } from '../../../lib/session';
import type { SessionUser } from '../../../../shared/user';

const en = resources.en.landing as { titles: string[]; subtitles: string[] };

/** A second language whose lists are recognisably different from the English ones. */
const fr = {
  landing: {
    ...en,
    titles: en.titles.map((_title, index) => `FR title ${index}`),
    subtitles: en.subtitles.map((_subtitle, index) => `FR subtitle ${index}`),
  },
};

function setStatus(status: 'unknown' | 'signedIn' | 'signedOut') {
  useSessionStore.setState({ status, user: status === 'signedIn' ? ({ id: 'u1' } as unknown as SessionUser) : null });
}

describe('Landing page', () => {
  beforeEach(() => setStatus('unknown'));
  afterEach(() => vi.restoreAllMocks());

  it('shows a loading indicator while the session is unknown', async () => {
    const i18n = await createTestI18n();
    await renderAt(() => <LandingPage home={<FeedTeaser />} />, '/', i18n);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows a title and subtitle from the same position of the two lists, and Explore', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    setStatus('signedOut');
    const i18n = await createTestI18n();
    await renderAt(() => <LandingPage home={<FeedTeaser />} />, '/', i18n);
    const index = Math.floor(0.5 * en.titles.length);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.titles[index]);
    expect(screen.getByText(en.subtitles[index])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
  });

  it('shows the headline of the seed it is given (the route loader draws it, so server and browser agree)', async () => {
    // were it drawn here, it would be the first title
    vi.spyOn(Math, 'random').mockReturnValue(0);
    setStatus('signedOut');
    const i18n = await createTestI18n();
    await renderAt(() => <LandingPage headlineSeed={0.99} home={<FeedTeaser />} />, '/', i18n);
    const last = en.titles.length - 1;
    // (compared as text: this title holds no-break spaces, which toHaveTextContent normalises)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.titles[last]);
    expect(screen.getByText(en.subtitles[last])).toBeInTheDocument();
  });

  it('picks the title and subtitle again when the language changes', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    setStatus('signedOut');
    const i18n = await createTestI18n('en', { fr });
    await renderAt(() => <LandingPage home={<FeedTeaser />} />, '/', i18n);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.titles[0]);

    random.mockReturnValue(0.99);
    await act(() => i18n.changeLanguage('fr'));
    const last = en.titles.length - 1;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`FR title ${last}`);
    expect(screen.getByText(`FR subtitle ${last}`)).toBeInTheDocument();

    random.mockReturnValue(0.3);
    await act(() => i18n.changeLanguage('en'));
    const third = Math.floor(0.3 * en.titles.length);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.titles[third]);
  });

  it('logs when the translated lists are missing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    setStatus('signedOut');
    const { titles: _titles, subtitles: _subtitles, ...rest } = en;
    const i18n = await createTestI18n('en', { en: { ...resources.en, landing: rest } });
    await renderAt(() => <LandingPage home={<FeedTeaser />} />, '/', i18n);
    expect(log).toHaveBeenCalledWith(MISSING_LANDING_TRANSLATIONS);
    expect(log).toHaveBeenCalledWith('Translation data for landing page is not available.');
  });

  it('shows the signed-in home, here the empty feed invitation, to a signed-in user', async () => {
    setStatus('signedIn');
    const i18n = await createTestI18n();
    await renderAt(() => <LandingPage home={<FeedTeaser />} />, '/', i18n);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your Feed. Upgraded. Stay Tuned.');
    expect(screen.getByText(/Follow places and add friends/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('link', { name: 'Create a Page for Your Business' })).toHaveAttribute('href', '/create-firm');
    expect(document.querySelectorAll('[aria-hidden="true"] li')).toHaveLength(6);
  });
});
