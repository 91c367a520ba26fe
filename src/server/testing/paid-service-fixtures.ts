import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FIXTURE_NOW, insertPerson } from './marketplace-fixtures';

/** The paid service of the booking firm's tests: 30 minutes with Amira, 40.00 of which 15.00 is paid when booking. */
export const PAID_SERVICE = { id: 'massage', staffId: 'emp-paid-amira', priceMinor: 4000, depositMinor: 1500 } as const;

/** Amira, of `firmId`'s team, and the paid service she gives (once per test file). */
export async function insertPaidService(db: Kysely<Database>, firmId: string): Promise<void> {
  await insertPerson(db, 'user-paid-amira', { first_name: 'Amira' });
  await db
    .insertInto('employments')
    .values({
      id: PAID_SERVICE.staffId,
      firm_id: firmId,
      user_id: 'user-paid-amira',
      user_role: 'STAFF',
      profession: null,
      active: 1,
      created_at: FIXTURE_NOW.toISOString(),
    })
    .execute();
  await db
    .insertInto('booking_services')
    .values({
      id: PAID_SERVICE.id,
      firm_id: firmId,
      name: 'Massage',
      duration_minutes: 30,
      price_minor: PAID_SERVICE.priceMinor,
      deposit_minor: PAID_SERVICE.depositMinor,
      buffer_before: 0,
      buffer_after: 0,
      created_at: FIXTURE_NOW.toISOString(),
    })
    .execute();
  await db.insertInto('booking_service_staff').values({ service_id: PAID_SERVICE.id, employment_id: PAID_SERVICE.staffId }).execute();
}
