import type { FirmDetail } from './firms';

/** OpenStreetMap link for a place (a firm, an event's venue): its coordinates when known, else a search by address. */
export function mapUrl(firm: Pick<FirmDetail, 'latitude' | 'longitude' | 'addressLine' | 'city' | 'country'>): string | null {
  if (firm.latitude !== null && firm.longitude !== null) {
    return `https://www.openstreetmap.org/?mlat=${firm.latitude}&mlon=${firm.longitude}#map=17/${firm.latitude}/${firm.longitude}`;
  }
  const query = [firm.addressLine, firm.city, firm.country].filter(Boolean).join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}
