import { describe, expect, it } from 'vitest';
import type { OwnerEvent } from '../../../../shared/owner-events';
import { checkEvent, eventBody, eventValues, fromWallClock, toWallClock } from './event-form-values';

const event: OwnerEvent = {
  id: 'e1',
  shortId: 'abc',
  firmId: 'f1',
  firmUsername: 'cafe',
  timezone: 'Africa/Casablanca',
  name: 'Jazz night',
  description: '',
  typeKey: 'music',
  startDateTime: '2027-03-10T19:00:00.000Z',
  endDateTime: null,
  venue: null,
  capacity: 80,
  sold: 0,
  held: 0,
  currency: 'EUR',
  ageLimit: 0,
  followersOnly: false,
  statusCode: 0,
  visibility: 1,
  imagePath: null,
  imageWidth: null,
  imageHeight: null,
  imageColor: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: null,
  cancelledAt: null,
  ticketCategories: [
    {
      id: 't1',
      name: 'Standard',
      description: null,
      price: 1500,
      capacity: 60,
      sold: 2,
      salesStart: null,
      salesEnd: '2027-03-10T18:00:00.000Z',
    },
  ],
  addons: [{ addonId: 'a1', name: 'Parking', price: 500 }],
} as OwnerEvent;

describe('event form values', () => {
  it("reads and writes times on the firm's wall clock, not the browser's", () => {
    expect(toWallClock('2027-07-01T18:30:00.000Z', 'Europe/Paris')).toBe('2027-07-01T20:30');
    expect(fromWallClock('2027-07-01T20:30', 'Europe/Paris')).toBe('2027-07-01T18:30:00.000Z');
    expect(fromWallClock('2027-01-15T09:00', 'America/New_York')).toBe('2027-01-15T14:00:00.000Z');
    expect(fromWallClock('', 'Europe/Paris')).toBeNull();
    expect(fromWallClock('tomorrow', 'Europe/Paris')).toBeNull();
  });

  it('turns an event into values and back into the same body', () => {
    const values = eventValues(event);
    expect(values.start).toBe(toWallClock(event.startDateTime, event.timezone));
    const result = checkEvent(values, event.timezone);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.startDateTime).toBe(event.startDateTime);
    expect(result.body.ticketCategories[0]).toMatchObject({ id: 't1', price: 1500, capacity: 60, salesEnd: '2027-03-10T18:00:00.000Z' });
    expect(result.body.addons).toEqual([{ addonId: 'a1', name: 'Parking', price: 500 }]);
  });

  it('names the fields the shared schema refuses, by their path', () => {
    const values = eventValues(event);
    values.name = '';
    values.capacity = 'ten';
    values.ticketCategories[0].price = Number.NaN;
    values.addons.push({ key: 'n', name: '', price: 100 });
    const result = checkEvent(values, event.timezone);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.issues).sort()).toEqual(['addons.1.name', 'capacity', 'name', 'ticketCategories.0.price']);
    expect(eventBody(values, event.timezone).ticketCategories[0]).not.toHaveProperty('key');
  });
});
