import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../components/test-utils';
import { useSessionStore } from '../../../lib/session';
import type { SessionUser } from '../../../../shared/user';
import { OpeningHours } from './opening-hours';

const hours = [
  { day: 1, open: '09:00', close: '13:30' },
  { day: 1, open: '15:00', close: '19:00' },
  { day: 6, open: '10:00', close: '14:00' },
];

const member = (hourFormat: 12 | 24): SessionUser => ({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'L',
  flip: 'ada',
  imagePath: null,
  totalFriends: 0,
  statusCode: 1,
  regionPreference: 'EU',
  hourFormat,
});

async function rendered(language: string, user: SessionUser | null): Promise<string> {
  useSessionStore.setState({ status: user ? 'signedIn' : 'signedOut', user });
  const i18n = await createTestI18n(language);
  // in the browser, where the member's own clock format applies (the server renders the public view)
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <OpeningHours hours={hours} timeZone="Europe/Paris" />
    </I18nextProvider>,
  );
  const html = container.innerHTML;
  cleanup();
  return html;
}

afterEach(() => useSessionStore.setState({ status: 'signedOut', user: null }));

describe('OpeningHours', () => {
  it("prints each viewer's clock and language, whoever was served before (the texts are remembered per process)", async () => {
    const visitor = await rendered('en', null);
    expect(visitor).toContain('9:00 AM');
    expect(visitor).toContain('1:30 PM');
    expect(visitor).toContain('Monday');
    // a member who reads 24-hour times, then a visitor again: nobody gets the other's format
    const member24 = await rendered('en', member(24));
    expect(member24).toContain('09:00');
    expect(member24).toContain('13:30');
    expect(member24).not.toContain('AM');
    expect(await rendered('en', null)).toBe(visitor);
    expect(await rendered('en', member(12))).toBe(visitor);
    // French reads 24-hour times and French day names; English is unchanged after it
    const french = await rendered('fr', null);
    expect(french).toContain('lundi');
    expect(french).toContain('15:00');
    expect(french).not.toContain('Monday');
    expect(await rendered('en', null)).toBe(visitor);
    expect(await rendered('en', member(24))).toBe(member24);
  });
});
