import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import { eventInputSchema, type EventInputData, type OwnerEvent } from '../../../../shared/owner-events';

/**
 * The event editor's values: what the fields hold (text as typed, times on the FIRM's wall clock as
 * `yyyy-MM-ddTHH:mm`, prices in minor units), and the conversions to and from the API's shapes.
 * A failed save keeps them as they are: nothing typed is lost.
 */
export interface TierValues {
  /** React key: the server id, or a local one for a new category */
  key: string;
  id?: string;
  name: string;
  description: string;
  /** minor units; NaN while the text is not an amount */
  price: number;
  capacity: string;
  salesStart: string;
  salesEnd: string;
  sold: number;
  /** of the sold, held by orders waiting for their payment */
  held: number;
}

export interface AddonValues {
  key: string;
  addonId?: string;
  name: string;
  price: number;
}

export interface EventValues {
  id: string;
  name: string;
  description: string;
  typeKey: string;
  start: string;
  end: string;
  venue: string;
  capacity: string;
  currency: string;
  ageLimit: string;
  followersOnly: boolean;
  imagePath: string | null;
  ticketCategories: TierValues[];
  addons: AddonValues[];
}

const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";

/** An instant as the wall clock of `timeZone` reads it, for a datetime-local field. */
export function toWallClock(instant: string | null, timeZone: string): string {
  if (!instant) return '';
  return format(new TZDate(new Date(instant).getTime(), timeZone), WALL_CLOCK);
}

/** A wall-clock time of `timeZone` (`yyyy-MM-ddTHH:mm`) as an ISO instant; null when empty or not a time. */
export function fromWallClock(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, timeZone).getTime()).toISOString();
}

let localKeys = 0;
export const newKey = () => `new-${++localKeys}`;

export function eventValues(event: OwnerEvent): EventValues {
  const zone = event.timezone;
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    typeKey: event.typeKey,
    start: toWallClock(event.startDateTime, zone),
    end: toWallClock(event.endDateTime, zone),
    venue: event.venue ?? '',
    capacity: String(event.capacity),
    currency: event.currency,
    ageLimit: String(event.ageLimit),
    followersOnly: event.followersOnly,
    imagePath: event.imagePath,
    ticketCategories: event.ticketCategories.map((tier) => ({
      key: tier.id,
      id: tier.id,
      name: tier.name,
      description: tier.description ?? '',
      price: tier.price,
      capacity: String(tier.capacity),
      salesStart: toWallClock(tier.salesStart, zone),
      salesEnd: toWallClock(tier.salesEnd, zone),
      sold: tier.sold,
      held: tier.held,
    })),
    addons: event.addons.map((addon) => ({ key: addon.addonId, addonId: addon.addonId, name: addon.name, price: addon.price })),
  };
}

const integer = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The body of `PUT /api/dashboard/events` (before the shared schema checks it). */
export function eventBody(values: EventValues, timeZone: string) {
  return {
    id: values.id,
    name: values.name,
    description: values.description,
    typeKey: values.typeKey,
    startDateTime: fromWallClock(values.start, timeZone) ?? values.start,
    endDateTime: values.end.trim() ? (fromWallClock(values.end, timeZone) ?? values.end) : null,
    venue: values.venue,
    capacity: integer(values.capacity),
    currency: values.currency,
    ageLimit: integer(values.ageLimit || '0'),
    followersOnly: values.followersOnly,
    imagePath: values.imagePath,
    ticketCategories: values.ticketCategories.map((tier) => ({
      ...(tier.id ? { id: tier.id } : {}),
      name: tier.name,
      description: tier.description,
      price: tier.price,
      capacity: integer(tier.capacity),
      salesStart: tier.salesStart.trim() ? (fromWallClock(tier.salesStart, timeZone) ?? tier.salesStart) : null,
      salesEnd: tier.salesEnd.trim() ? (fromWallClock(tier.salesEnd, timeZone) ?? tier.salesEnd) : null,
    })),
    addons: values.addons.map((addon) => ({ ...(addon.addonId ? { addonId: addon.addonId } : {}), name: addon.name, price: addon.price })),
  };
}

/** A field's place in the form: `name`, `ticketCategories.1.price` (the server's `errors` keys use the same). */
export type FieldPath = string;

/** The editor's check with the shared schema: the body to send, or the issues by field path. */
export function checkEvent(
  values: EventValues,
  timeZone: string,
): { ok: true; body: EventInputData } | { ok: false; issues: Record<FieldPath, z.core.$ZodIssue> } {
  const parsed = eventInputSchema.safeParse(eventBody(values, timeZone));
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues: Record<FieldPath, z.core.$ZodIssue> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    issues[path] ??= issue;
  }
  return { ok: false, issues };
}

/** The value a field path names, for the "is required" check of a message. */
export function valueAt(values: EventValues, path: FieldPath): unknown {
  const map: Record<string, string> = { startDateTime: 'start', endDateTime: 'end', salesStart: 'salesStart', salesEnd: 'salesEnd' };
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[map[part] ?? part];
  }
  return typeof current === 'number' && Number.isNaN(current) ? '' : current;
}
