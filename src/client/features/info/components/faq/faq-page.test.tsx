import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FaqPage } from './faq-page';
import { createTestI18n, renderAt } from '../../../../components/test-utils';

describe('FAQ page', () => {
  it('lists the ten topics, all closed at the start', async () => {
    const i18n = await createTestI18n();
    await renderAt(FaqPage, '/faq', i18n);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(10);
    expect(screen.queryByRole('button', { expanded: true })).toBeNull();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(questions[0]).toHaveTextContent('What is Souk?');
    expect(questions[9]).toHaveTextContent('How do I get started?');
  });

  it('opens and closes each question on its own', async () => {
    const i18n = await createTestI18n();
    await renderAt(FaqPage, '/faq', i18n);
    const cost = screen.getByRole('button', { name: 'How much does it cost?' });
    const qr = screen.getByRole('button', { name: 'How do QR codes work?' });

    fireEvent.click(cost);
    expect(cost).toHaveAttribute('aria-expanded', 'true');
    expect(qr).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'How much does it cost?' })).toHaveTextContent(/free basic presence/);

    fireEvent.click(qr);
    expect(cost).toHaveAttribute('aria-expanded', 'true');
    expect(qr).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(2);

    fireEvent.click(cost);
    expect(cost).toHaveAttribute('aria-expanded', 'false');
    expect(qr).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'How much does it cost?' })).toBeNull();
  });

  it('sets the browser title', async () => {
    const i18n = await createTestI18n();
    await renderAt(FaqPage, '/faq', i18n);
    expect(document.title).toBe('Frequently Asked Questions — Souk');
  });
});
