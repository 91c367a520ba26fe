import { beforeAll, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { enUS } from 'date-fns/locale/en-US';
import { TZDate } from '@date-fns/tz';
import {
  dayAndMonth,
  defaultHourFormat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  formatTimeRange,
  relativeTime,
  visitorPreferences,
  zoneLabel,
  type DatePreferences,
} from './dates';
import { loadDateLocale } from './date-locales';
import { truncateText } from './summary';
import { blogScope } from './blog-scope';
import { isOpenAt } from './opening-hours';
import { featuredTarget } from './entity-types';
import { isPossibleFirmUsername } from './usernames';

// Saturday 7 March 2026, 15:04:09 in UTC: printed in UTC, whatever the machine's zone.
const at = new Date(Date.UTC(2026, 2, 7, 15, 4, 9));
beforeAll(() => Promise.all(['fr', 'ar'].map(loadDateLocale)));

const us12: DatePreferences = { region: 'US', hourFormat: 12, language: 'en' };
const eu24: DatePreferences = { region: 'EU', hourFormat: 24, language: 'en' };

describe('date formats', () => {
  it('formats US dates short, medium and long, with and without year', () => {
    expect(formatDate(at, 'UTC', us12, 'short')).toBe('3/7/26');
    expect(formatDate(at, 'UTC', us12, 'short', false)).toBe('3/7');
    expect(formatDate(at, 'UTC', us12, 'medium')).toBe('Mar 7, 2026');
    expect(formatDate(at, 'UTC', us12, 'medium', false)).toBe('Mar 7');
    expect(formatDate(at, 'UTC', us12, 'long')).toBe('Saturday, March 7, 2026');
    expect(formatDate(at, 'UTC', us12, 'long', false)).toBe('Saturday, March 7');
  });

  it('formats EU dates short, medium and long', () => {
    expect(formatDate(at, 'UTC', eu24, 'short')).toBe('07/03/26');
    expect(formatDate(at, 'UTC', eu24, 'short', false)).toBe('07/03');
    expect(formatDate(at, 'UTC', eu24, 'medium')).toBe('7 Mar 2026');
    expect(formatDate(at, 'UTC', eu24, 'long')).toBe('Saturday, 7 March 2026');
    expect(formatDate(at, 'UTC', eu24, 'long', false)).toBe('Saturday, 7 March');
  });

  it('formats times in 12 and 24 hours', () => {
    expect(formatTime(at, 'UTC', us12, 'short')).toBe('3:04 PM');
    expect(formatTime(at, 'UTC', us12, 'medium')).toBe('3:04:09 PM');
    expect(formatTime(at, 'UTC', eu24, 'short')).toBe('15:04');
    expect(formatTime(at, 'UTC', eu24, 'medium')).toBe('15:04:09');
    expect(formatTime(at, 'UTC', { ...eu24, hourFormat: 12 })).toBe('3:04 PM');
    expect(formatDateTime(at, 'UTC', eu24)).toBe('7 Mar 2026, 15:04');
  });

  it('defaults to EU, 12-hour, medium with year', () => {
    expect(formatDate(at, 'UTC')).toBe('7 Mar 2026');
    expect(formatTime(at, 'UTC')).toBe('3:04 PM');
  });

  it('uses the interface language for names', () => {
    expect(formatDate(at, 'UTC', { ...eu24, language: 'fr' }, 'long')).toBe('samedi, 7 mars 2026');
  });

  it('prints a moment on the wall clock of the zone it belongs to, whatever the machine’s zone', () => {
    // A New Orleans show at 8 pm (02:00 UTC the next day) and a Dubai brunch at 11 am (07:00 UTC).
    const show = '2026-12-01T02:00:00.000Z';
    const us = { region: 'US', hourFormat: 12, language: 'en' } as const;
    expect(formatDate(show, 'America/Chicago', us, 'long')).toBe('Monday, November 30, 2026');
    expect(formatTime(show, 'America/Chicago', us)).toBe('8:00 PM');
    expect(formatTime(show, 'America/Chicago', us, 'long')).toBe('8:00:00 PM \u2068UTC\u22126\u2069');
    expect(zoneLabel(show, 'America/Chicago')).toBe('UTC\u22126');
    expect(zoneLabel('2026-07-01T02:00:00.000Z', 'America/Chicago')).toBe('UTC\u22125');
    expect(zoneLabel(show, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(zoneLabel(show, 'Europe/London')).toBe('UTC');
    expect(formatTime('2026-12-05T07:00:00Z', 'Asia/Dubai', eu24)).toBe('11:00');
    expect(dayAndMonth(show, 'America/Chicago', 'en')).toEqual({ day: '30', month: 'Nov' });
    expect(dayAndMonth(show, 'Asia/Dubai', 'en')).toEqual({ day: '1', month: 'Dec' });
    // an unknown zone reads as UTC rather than failing the page
    expect(formatTime(show, 'Mars/Olympus', eu24)).toBe('02:00');
  });

  it('gives start and end with the zone, and the end’s day when it is another', () => {
    const us = { region: 'US', hourFormat: 12, language: 'en' } as const;
    expect(formatTimeRange('2026-12-01T02:00:00Z', '2026-12-01T05:00:00Z', 'America/Chicago', us)).toBe(
      '8:00 PM – 11:00 PM \u2068UTC\u22126\u2069',
    );
    expect(formatTimeRange('2026-12-01T02:00:00Z', '2026-12-01T08:30:00Z', 'America/Chicago', us)).toBe(
      '8:00 PM – Tue 2:30 AM \u2068UTC\u22126\u2069',
    );
    expect(formatTimeRange('2026-12-01T02:00:00Z', null, 'America/Chicago', us)).toBe('8:00 PM \u2068UTC\u22126\u2069');
  });

  it('reads 24-hour times by default in French (the region rule), 12-hour in English and Arabic', () => {
    expect(defaultHourFormat('fr')).toBe(24);
    expect(defaultHourFormat('en')).toBe(12);
    expect(defaultHourFormat('ar')).toBe(12);
    expect(formatTime(at, 'Europe/Paris', visitorPreferences('fr'))).toBe('16:04');
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

describe('formatters kept between calls (made once, not per card)', () => {
  const zones = [
    'UTC',
    'America/Chicago',
    'America/St_Johns',
    'Europe/London',
    'Europe/Paris',
    'Asia/Dubai',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
  ];
  // every 29h13m through a year (both sides of each zone's DST changes), and the hours around them
  const moments = [
    ...Array.from({ length: 300 }, (_, i) => Date.UTC(2026, 0, 1) + i * (29 * 3_600_000 + 13 * 60_000)),
    ...[Date.UTC(2026, 2, 8, 7, 59), Date.UTC(2026, 2, 8, 8, 0), Date.UTC(2026, 2, 29, 0, 59), Date.UTC(2026, 2, 29, 1, 0)],
    ...[Date.UTC(2026, 10, 1, 5, 59), Date.UTC(2026, 10, 1, 6, 0), Date.UTC(2026, 10, 1, 6, 30), Date.UTC(2026, 9, 25, 0, 30)],
  ];
  const us12 = { region: 'US', hourFormat: 12, language: 'en' } as const;

  it('prints what a TZDate in the zone prints, for every zone and moment (more than the caches hold)', () => {
    for (const zone of zones) {
      for (const time of moments) {
        const zoned = new TZDate(time, zone);
        expect(formatDate(time, zone, us12, 'long')).toBe(format(zoned, 'EEEE, MMMM d, y', { locale: enUS }));
        expect(formatTime(time, zone, eu24, 'medium')).toBe(format(zoned, 'HH:mm:ss', { locale: enGB }));
        expect(formatTime(time, zone, us12)).toBe(format(zoned, 'h:mm a', { locale: enUS }));
        expect(dayAndMonth(time, zone, 'en')).toEqual({
          day: format(zoned, 'd', { locale: enGB }),
          month: format(zoned, 'MMM', { locale: enGB }),
        });
        const offset = -zoned.getTimezoneOffset();
        expect(
          zoneLabel(time, zone).startsWith(offset === 0 ? 'UTC' : `UTC${offset < 0 ? '\u2212' : '+'}${Math.floor(Math.abs(offset) / 60)}`),
        ).toBe(true);
      }
    }
  });

  it('never gives one input the text of another: zones, languages, regions, hour formats, currencies', () => {
    const show = '2026-12-01T02:00:00.000Z';
    // the same moment in two zones, asked alternately
    for (let i = 0; i < 3; i++) {
      expect(formatTime(show, 'America/Chicago', us12)).toBe('8:00 PM');
      expect(formatTime(show, 'Asia/Dubai', us12)).toBe('6:00 AM');
      expect(formatDate(show, 'America/Chicago', us12, 'short')).toBe('11/30/26');
      expect(formatDate(show, 'Asia/Dubai', us12, 'short')).toBe('12/1/26');
    }
    // the same moment and zone in other languages, regions and hour formats
    expect(formatDate(show, 'Asia/Dubai', us12, 'long')).toBe('Tuesday, December 1, 2026');
    expect(formatDate(show, 'Asia/Dubai', { ...us12, region: 'EU' }, 'long')).toBe('Tuesday, 1 December 2026');
    expect(formatDate(show, 'Asia/Dubai', { ...eu24, language: 'fr' }, 'long')).toBe('mardi, 1 décembre 2026');
    expect(formatDate(show, 'Asia/Dubai', { ...eu24, language: 'ar' }, 'long')).not.toBe('Tuesday, 1 December 2026');
    expect(formatTime(show, 'Asia/Dubai', eu24)).toBe('06:00');
    expect(dayAndMonth(show, 'Asia/Dubai', 'fr')).toEqual({ day: '1', month: 'déc.' });
    expect(dayAndMonth(show, 'Asia/Dubai', 'en')).toEqual({ day: '1', month: 'Dec' });
    // money: one formatter per language and currency
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1250, 'JPY', 'en')).toBe('¥1,250');
    expect(formatMoney(1250, 'USD', 'fr')).toMatch(/^12,50\s\$US$/);
    expect(formatMoney(1250, 'USD', 'ar')).toMatch(/12\.50/);
    expect(formatMoney(1250, 'USD', 'ar')).not.toBe(formatMoney(1250, 'USD', 'en'));
    expect(formatMoney(1250, 'XYZ1', 'en')).toBe('12.50 XYZ1');
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50');
    // relative times in each language
    const now = new Date('2026-03-07T12:00:00Z');
    expect(relativeTime(new Date('2026-03-07T07:00:00Z'), now, 'en')).toBe('5 hours ago');
    expect(relativeTime(new Date('2026-03-07T07:00:00Z'), now, 'fr')).toBe('il y a 5 heures');
  });

  it('forgets the oldest past its bound and formats them again the same', () => {
    const first = formatTime('2026-12-01T02:00:00.000Z', 'America/Chicago', us12, 'long');
    for (let i = 0; i < 2000; i++) formatTime(Date.UTC(2027, 0, 1) + i * 60_000, 'Europe/Paris', us12, 'long');
    expect(formatTime('2026-12-01T02:00:00.000Z', 'America/Chicago', us12, 'long')).toBe(first);
    expect(first).toBe('8:00:00 PM \u2068UTC\u22126\u2069');
    expect(() => formatTime('not a date', 'UTC', us12)).toThrow(RangeError);
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

describe('blog scope', () => {
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
  it('routes firms, events, blog posts, products and dishes to their pages; ignores addresses', () => {
    expect(featuredTarget({ entityTypeCode: 20, entityShortId: 'cafe' })).toBe('/cafe');
    expect(featuredTarget({ entityTypeCode: 60, entityShortId: 'e1' })).toBe('/event/e1');
    expect(featuredTarget({ entityTypeCode: 90, entityShortId: 'b1' })).toBe('/blog/b1');
    expect(featuredTarget({ entityTypeCode: 50, entityShortId: 'p' })).toBe('/product/p');
    expect(featuredTarget({ entityTypeCode: 80, entityShortId: 'd' })).toBe('/dish/d');
    expect(featuredTarget({ entityTypeCode: 40, entityShortId: 'p' })).toBeNull();
    expect(featuredTarget({ entityTypeCode: 10, entityShortId: 'p' })).toBe('unsupported');
  });
  it('never takes a route word as a firm username', () => {
    expect(isPossibleFirmUsername('Explore')).toBe(false);
    expect(isPossibleFirmUsername('blog')).toBe(false);
    expect(isPossibleFirmUsername('CafeLumiere')).toBe(true);
  });
});
