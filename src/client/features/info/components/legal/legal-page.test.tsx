import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { LegalPage, type LegalDocumentKey } from './legal-page';
import { createTestI18n, renderAt } from '../../../../components/test-utils';

function renderLegal(document: LegalDocumentKey, language = 'en') {
  const Page = () => <LegalPage document={document} />;
  return createTestI18n(language).then((i18n) => renderAt(Page, `/${document}`, i18n));
}

describe('legal pages', () => {
  it.each([
    ['privacy', 'Privacy Policy', 'September 16, 2025', '2025-09-16'],
    ['terms', 'Terms and Conditions', 'September 3, 2025', '2025-09-03'],
    ['aup', 'Acceptable Use Policy', 'September 9, 2025', '2025-09-09'],
  ] as const)('%s: title, browser title, meta description and last-updated date', async (document, title, date, iso) => {
    await renderLegal(document);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(window.document.title).toBe(`${title} — Souk`);
    expect(window.document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^.{60,}$/);
    const time = screen.getByText(date);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time.parentElement).toHaveTextContent(`Last updated ${date}`);
  });

  it('formats the date for the reader’s language', async () => {
    await renderLegal('privacy', 'fr');
    expect(screen.getByText('16 septembre 2025').tagName).toBe('TIME');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Politique de confidentialité');
  });

  it('has a table of contents linking every section heading', async () => {
    await renderLegal('privacy');
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) {
      const id = link.getAttribute('href')!.split('#')[1];
      const heading = window.document.getElementById(id);
      expect(heading?.tagName).toBe('H2');
      expect(heading).toHaveTextContent(link.textContent!);
    }
  });

  it('privacy states the minimum age, the business account data and the 30-day response', async () => {
    await renderLegal('privacy');
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('at least 13 years old');
    expect(article).toHaveTextContent(/official documentation/);
    expect(article).toHaveTextContent(/registration IDs/);
    expect(article).toHaveTextContent(/branding materials/);
    expect(article).toHaveTextContent(/Cookies and local storage/);
    expect(article).toHaveTextContent('We typically respond within 30 days');
    expect(within(article).getAllByRole('link', { name: 'support@souk.example' })[0]).toHaveAttribute(
      'href',
      'mailto:support@souk.example',
    );
  });

  it('terms cap liability at six months of payments and describe enforcement and usernames', async () => {
    await renderLegal('terms');
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('limited to the amount you paid us in the six months preceding');
    expect(article).toHaveTextContent('Accounts may be warned, content removed, and accounts or business pages suspended or terminated');
    expect(article).toHaveTextContent('Usernames may be reassigned or removed');
  });

  it('links the other two policies', async () => {
    await renderLegal('aup');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
  });
});
