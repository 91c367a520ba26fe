import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime, relativeTime, type DatePreferences } from './dates';
import { truncateText } from './summary';
import { blogScope } from './blog-scope';
import { isOpenAt } from './opening-hours';
import { featuredTarget } from './entity-types';
import { isPossibleFirmUsername } from './usernames';

// A local-time date so the patterns, not the machine's time zone, decide the text.
const at = new Date(2026, 2, 7, 15, 4, 9); // Saturday 7 March 2026, 15:04:09
const us12: DatePreferences = { region: 'US', hourFormat: 12, language: 'en' };
const eu24: DatePreferences = { region: 'EU', hourFormat: 24, language: 'en' };

describe('date formats (spec section 9)', () => {
  it('formats US dates short, medium and long, with and without year', () => {
    expect(formatDate(at, us12, 'short')).toBe('3/7/26');
    expect(formatDate(at, us12, 'short', false)).toBe('3/7');
    expect(formatDate(at, us12, 'medium')).toBe('Mar 7, 2026');
    expect(formatDate(at, us12, 'medium', false)).toBe('Mar 7');
    expect(formatDate(at, us12, 'long')).toBe('Saturday, March 7, 2026');
    expect(formatDate(at, us12, 'long', false)).toBe('Saturday, March 7');
  });

  it('formats EU dates short, medium and long', () => {
    expect(formatDate(at, eu24, 'short')).toBe('07/03/26');
    expect(formatDate(at, eu24, 'short', false)).toBe('07/03');
    expect(formatDate(at, eu24, 'medium')).toBe('7 Mar 2026');
    expect(formatDate(at, eu24, 'long')).toBe('Saturday, 7 March 2026');
    expect(formatDate(at, eu24, 'long', false)).toBe('Saturday, 7 March');
  });

  it('formats times in 12 and 24 hours', () => {
    expect(formatTime(at, us12, 'short')).toBe('3:04 PM');
    expect(formatTime(at, us12, 'medium')).toBe('3:04:09 PM');
    expect(formatTime(at, eu24, 'short')).toBe('15:04');
    expect(formatTime(at, eu24, 'medium')).toBe('15:04:09');
    expect(formatTime(at, { ...eu24, hourFormat: 12 })).toBe('3:04 PM');
    expect(formatDateTime(at, eu24)).toBe('7 Mar 2026, 15:04');
  });

  it('defaults to EU, 12-hour, medium with year', () => {
    expect(formatDate(at)).toBe('7 Mar 2026');
    expect(formatTime(at)).toBe('3:04 PM');
  });

  it('uses the interface language for names', () => {
    expect(formatDate(at, { ...eu24, language: 'fr' }, 'long')).toBe('samedi, 7 mars 2026');
  });

  it('says relative times in seconds, minutes, hours, then days', () => {
    const now = new Date('2026-03-07T12:00:00Z');
    expect(relativeTime(new Date('2026-03-07T11:59:30Z'), now)).toBe('30 seconds ago');
    expect(relativeTime(new Date('2026-03-07T11:15:00Z'), now)).toBe('45 minutes ago');
    expect(relativeTime(new Date('2026-03-07T07:00:00Z'), now)).toBe('5 hours ago');
    expect(relativeTime(new Date('2026-02-05T12:00:00Z'), now)).toBe('30 days ago');
    expect(relativeTime(new Date('2026-03-09T12:00:00Z'), now)).toBe('in 2 days');
  });

  it('formats money from minor units in the item currency', () => {
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1250, 'USD', 'fr')).toMatch(/^12,50\s\$US$/);
  });
});

describe('event description truncation', () => {
  it('keeps 290 characters or fewer as they are', () => {
    expect(truncateText('a'.repeat(290), 290)).toEqual({ text: 'a'.repeat(290), truncated: false });
  });
  it('cuts a longer text at 290 characters with an ellipsis', () => {
    const { text, truncated } = truncateText('b'.repeat(291), 290);
    expect(truncated).toBe(true);
    expect(text).toBe(`${'b'.repeat(290)}…`);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncateText('🎉'.repeat(290), 290).truncated).toBe(false);
  });
});

describe('blog scope (spec section 2)', () => {
  it('lists one firm without firm labels when the route names it', () => {
    expect(blogScope('cafe', 'other')).toEqual({ firmUsername: 'cafe', showFirmLabel: false });
  });
  it('uses the header firm otherwise, else every post', () => {
    expect(blogScope(undefined, 'other')).toEqual({ firmUsername: 'other', showFirmLabel: true });
    expect(blogScope(undefined, undefined)).toEqual({ firmUsername: undefined, showFirmLabel: true });
  });
});

describe('open now', () => {
  const hours = [
    { day: 3, open: '09:00', close: '17:00' },
    { day: 5, open: '20:00', close: '02:00' },
  ];
  it('reads the hours in the firm time zone', () => {
    // Wednesday 2026-06-10 07:30 UTC is 09:30 in Paris, 03:30 in New York
    expect(isOpenAt(hours, 'Europe/Paris', new Date('2026-06-10T07:30:00Z'))).toBe(true);
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-06-10T07:30:00Z'))).toBe(false);
  });
  it('handles hours past midnight', () => {
    // Saturday 01:00 in UTC belongs to Friday's 20:00–02:00
    expect(isOpenAt(hours, 'UTC', new Date('2026-06-13T01:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, 'UTC', new Date('2026-06-13T02:00:00Z'))).toBe(false);
  });
});

describe('featured click rules and usernames', () => {
  it('routes firms, events and blog posts; ignores products, menu items and addresses', () => {
    expect(featuredTarget({ entityTypeCode: 20, entityShortId: 'cafe' })).toBe('/cafe');
    expect(featuredTarget({ entityTypeCode: 60, entityShortId: 'e1' })).toBe('/event/e1');
    expect(featuredTarget({ entityTypeCode: 90, entityShortId: 'b1' })).toBe('/blog/b1');
    expect(featuredTarget({ entityTypeCode: 50, entityShortId: 'p' })).toBeNull();
    expect(featuredTarget({ entityTypeCode: 80, entityShortId: 'p' })).toBeNull();
    expect(featuredTarget({ entityTypeCode: 40, entityShortId: 'p' })).toBeNull();
    expect(featuredTarget({ entityTypeCode: 10, entityShortId: 'p' })).toBe('unsupported');
  });
  it('never takes a route word as a firm username', () => {
    expect(isPossibleFirmUsername('Explore')).toBe(false);
    expect(isPossibleFirmUsername('blog')).toBe(false);
    expect(isPossibleFirmUsername('CafeLumiere')).toBe(true);
  });
});
