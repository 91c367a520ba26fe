import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Database } from './schema';
/**
 * The migrations, by file name in db/migrations (without `.ts`), in the order they run. Adding one is its file
 * plus its name here; migrate.test.ts fails when this list and the folder disagree or the list is out of order.
 * Listed rather than read from the folder because the server runs bundled (src/server/build.mjs), where the folder
 * is not beside it; the import below, a template with one variable part, makes esbuild bundle every file of the
 * folder.
 */
export const MIGRATION_NAMES = [
  '0001-marketplace',
  '0002-auth',
  '0003-marketplace-reads',
  '0020-media-uploads',
  '0030-search',
  '0040-workspace',
  '0041-firm-username-unique',
  '0042-plan-orders',
  '0050-payments',
  '0051-orders',
  '0060-notifications',
  '0061-friendships',
  '0062-reports',
  '0063-account',
  '0064-messages',
  '0065-reviews',
  '0066-message-attachments',
  '0070-owner-events-blog',
  '0071-menus-shop',
  '0072-product-variants',
  '0073-cart-variants',
  '0076-catalogue-published',
  '0077-menu-sections',
  '0080-scale-out',
  '0105-order-fulfilment',
  '0106-announcements',
  '0110-jobs',
  '0120-tier-rules',
  '0121-order-refunds',
  '0130-deleted-messages',
  '0140-checkin',
  '0160-bookings',
  '0170-firm-tables',
  '0180-admin',
  '0190-kitchen',
  '0200-booking-confirmation',
  '0220-sales-report-indexes',
  '0280-full-text-search',
  '0281-tickets-by-event',
  '0290-moderation',
  '0295-private-followers',
  '0300-kitchen-timers',
  '0305-page-view-days',
  '0310-till',
  '0311-booking-links',
  '0315-calendar-feeds',
  '0316-booking-desk',
  '0319-shop-fulfilment',
  '0323-till-shifts',
  '0327-username-reassign',
  '0328-followers-only',
  '0330-promo-codes',
  '0333-waitlist',
  '0334-customers',
  '0336-booking-closures',
  '0337-booking-services',
  '0338-till-card',
  '0339-product-waitlist',
  '0340-menu-hours',
  '0344-booking-payments',
  '0347-follower-offers',
  '0350-search-lookups',
  '0353-sales-days',
  '0356-firm-legal',
  '0357-table-orders',
  '0359-keyset-indexes',
  '0361-customer-summaries',
  '0362-sales-dirty-days',
];

async function loadMigrations(): Promise<Record<string, Migration>> {
  const modules = await Promise.all(MIGRATION_NAMES.map((name) => import(`./migrations/${name}.ts`) as Promise<Migration>));
  return Object.fromEntries(MIGRATION_NAMES.map((name, index) => [name, modules[index]]));
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: loadMigrations },
    // Migrations are numbered in ranges that parallel branches take, so one may land after a higher number
    // already ran on a data folder: run it then rather than refuse to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
