import { describe, expect, it } from 'vitest';
import { EVENT_STATUS, EVENT_VISIBILITY, statusRefusal, visibilityRefusal } from './owner-events';

const now = new Date('2026-06-10T12:00:00Z');
const future = '2026-07-01T19:00:00Z';
const past = '2026-06-01T19:00:00Z';
const { DRAFT, PUBLISHED, CANCELLED, ENDED } = EVENT_STATUS;

describe('event status moves', () => {
  it('allows draft → published only for a later start', () => {
    expect(statusRefusal({ statusCode: DRAFT, sold: 0, startDateTime: future }, PUBLISHED, now)).toBeUndefined();
    expect(statusRefusal({ statusCode: DRAFT, sold: 0, startDateTime: past }, PUBLISHED, now)).toBe('in_past');
    expect(statusRefusal({ statusCode: DRAFT, sold: 0, startDateTime: future }, CANCELLED, now)).toBe('not_allowed');
    expect(statusRefusal({ statusCode: DRAFT, sold: 0, startDateTime: future }, DRAFT, now)).toBe('same');
  });

  it('takes a published event back to draft only without sales; cancels any; ends once started', () => {
    expect(statusRefusal({ statusCode: PUBLISHED, sold: 0, startDateTime: future }, DRAFT, now)).toBeUndefined();
    expect(statusRefusal({ statusCode: PUBLISHED, sold: 3, startDateTime: future }, DRAFT, now)).toBe('has_sales');
    expect(statusRefusal({ statusCode: PUBLISHED, sold: 3, startDateTime: future }, CANCELLED, now)).toBeUndefined();
    expect(statusRefusal({ statusCode: PUBLISHED, sold: 3, startDateTime: future }, ENDED, now)).toBe('not_started');
    expect(statusRefusal({ statusCode: PUBLISHED, sold: 3, startDateTime: past }, ENDED, now)).toBeUndefined();
  });

  it('keeps cancelled and ended final', () => {
    for (const from of [CANCELLED, ENDED]) {
      for (const to of [DRAFT, PUBLISHED, CANCELLED, ENDED].filter((code) => code !== from)) {
        expect(statusRefusal({ statusCode: from, sold: 0, startDateTime: future }, to, now)).toBe('not_allowed');
      }
    }
  });

  it('never makes an event with buyers private, nor changes a final one', () => {
    expect(visibilityRefusal({ statusCode: PUBLISHED, sold: 1, startDateTime: future }, EVENT_VISIBILITY.PRIVATE)).toBe('has_sales');
    expect(visibilityRefusal({ statusCode: PUBLISHED, sold: 1, startDateTime: future }, EVENT_VISIBILITY.UNLISTED)).toBeUndefined();
    expect(visibilityRefusal({ statusCode: DRAFT, sold: 0, startDateTime: future }, EVENT_VISIBILITY.PRIVATE)).toBeUndefined();
    expect(visibilityRefusal({ statusCode: CANCELLED, sold: 0, startDateTime: future }, EVENT_VISIBILITY.PUBLIC)).toBe('closed');
  });
});
