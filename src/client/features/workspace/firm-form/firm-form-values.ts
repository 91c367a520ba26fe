import type { z } from 'zod';
import type { OpeningInterval } from '../../../../shared/firms';
import { createFirmSchema, firmProfileInputSchema, type CreateFirmInput, type WorkspaceFirm } from '../../../../shared/workspace';

/** The firm form's state: text as typed (numbers too), the hours as intervals. */
export interface FirmFormValues {
  name: string;
  username: string;
  industryKey: string;
  categoryKey: string;
  description: string;
  addressLine: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
  timezone: string;
  phone: string;
  email: string;
  website: string;
  minAge: string;
  openingHours: OpeningInterval[];
}

export type FirmField = keyof FirmFormValues;

/** The browser's own time zone: the best first guess for a new firm. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const WEEKDAYS_9_TO_6 = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' }));

export function emptyFirmValues(): FirmFormValues {
  return {
    name: '',
    username: '',
    industryKey: '',
    categoryKey: '',
    description: '',
    addressLine: '',
    city: '',
    country: '',
    latitude: '',
    longitude: '',
    timezone: deviceTimeZone(),
    phone: '',
    email: '',
    website: '',
    minAge: '0',
    openingHours: WEEKDAYS_9_TO_6,
  };
}

export function valuesOf(firm: WorkspaceFirm): FirmFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    name: firm.name,
    username: firm.username,
    industryKey: firm.industryKey,
    categoryKey: firm.categoryKey,
    description: firm.description,
    addressLine: text(firm.addressLine),
    city: text(firm.city),
    country: text(firm.country),
    latitude: firm.latitude === null ? '' : String(firm.latitude),
    longitude: firm.longitude === null ? '' : String(firm.longitude),
    timezone: firm.timezone,
    phone: text(firm.phone),
    email: text(firm.email),
    website: text(firm.website),
    minAge: String(firm.minAge),
    openingHours: firm.openingHours,
  };
}

const coordinate = (value: string) => {
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
};

/** What the API takes (the shared schema's input). */
export function inputOf(values: FirmFormValues): CreateFirmInput {
  return {
    name: values.name,
    username: values.username,
    industryKey: values.industryKey,
    categoryKey: values.categoryKey,
    description: values.description,
    addressLine: values.addressLine,
    city: values.city,
    country: values.country,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    timezone: values.timezone,
    openingHours: values.openingHours,
    phone: values.phone,
    email: values.email,
    website: values.website,
    minAge: Number(values.minAge) || 0,
  };
}

/** Checks the form with the shared schema the server uses: the first issue of each field. */
export function validateFirm(values: FirmFormValues, mode: 'create' | 'edit'): Partial<Record<FirmField, z.core.$ZodIssue>> {
  const schema = mode === 'create' ? createFirmSchema : firmProfileInputSchema;
  const input = inputOf(values);
  const parsed = mode === 'create' ? schema.safeParse(input) : schema.safeParse({ ...input, username: undefined });
  const errors: Partial<Record<FirmField, z.core.$ZodIssue>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as FirmField;
      if (field && !errors[field]) errors[field] = issue;
    }
  }
  return errors;
}

/** A username suggested from the firm's name: `Café Dar Nour` → `cafe-dar-nour`. */
export function suggestUsername(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/** OpenStreetMap at the coordinates, else a search for the address (the firm page links the same way). */
export function mapLink(values: Pick<FirmFormValues, 'latitude' | 'longitude' | 'addressLine' | 'city' | 'country'>): string | null {
  const lat = coordinate(values.latitude);
  const lon = coordinate(values.longitude);
  if (lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon)) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const query = [values.addressLine, values.city, values.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}
