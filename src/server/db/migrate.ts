import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Database } from './schema';
import * as marketplace from './migrations/0001-marketplace';
import * as auth from './migrations/0002-auth';
import * as marketplaceReads from './migrations/0003-marketplace-reads';
import * as workspace from './migrations/0040-workspace';
import * as firmUsernameUnique from './migrations/0041-firm-username-unique';
import * as planOrders from './migrations/0042-plan-orders';
import * as payments from './migrations/0050-payments';
import * as mediaUploads from './migrations/0020-media-uploads';
import * as notifications from './migrations/0060-notifications';
import * as orders from './migrations/0051-orders';
import * as search from './migrations/0030-search';
import * as friendships from './migrations/0061-friendships';
import * as reports from './migrations/0062-reports';
import * as account from './migrations/0063-account';
import * as messages from './migrations/0064-messages';
import * as reviews from './migrations/0065-reviews';
import * as messageAttachments from './migrations/0066-message-attachments';
import * as ownerEventsBlog from './migrations/0070-owner-events-blog';
import * as menusShop from './migrations/0071-menus-shop';
import * as productVariants from './migrations/0072-product-variants';
import * as cartVariants from './migrations/0073-cart-variants';
import * as cataloguePublished from './migrations/0076-catalogue-published';
import * as menuSections from './migrations/0077-menu-sections';
import * as scaleOut from './migrations/0080-scale-out';
import * as orderFulfilment from './migrations/0105-order-fulfilment';
import * as announcements from './migrations/0106-announcements';
import * as tierRules from './migrations/0120-tier-rules';
import * as orderRefunds from './migrations/0121-order-refunds';

/** Migrations are bundled with the server, so they are listed here rather than read from disk. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-marketplace': marketplace,
  '0002-auth': auth,
  '0003-marketplace-reads': marketplaceReads,
  '0040-workspace': workspace,
  '0041-firm-username-unique': firmUsernameUnique,
  '0042-plan-orders': planOrders,
  '0050-payments': payments,
  '0020-media-uploads': mediaUploads,
  '0060-notifications': notifications,
  '0051-orders': orders,
  '0030-search': search,
  '0061-friendships': friendships,
  '0062-reports': reports,
  '0063-account': account,
  '0064-messages': messages,
  '0065-reviews': reviews,
  '0066-message-attachments': messageAttachments,
  '0070-owner-events-blog': ownerEventsBlog,
  '0071-menus-shop': menusShop,
  '0072-product-variants': productVariants,
  '0073-cart-variants': cartVariants,
  '0076-catalogue-published': cataloguePublished,
  '0077-menu-sections': menuSections,
  '0080-scale-out': scaleOut,
  '0105-order-fulfilment': orderFulfilment,
  '0106-announcements': announcements,
  '0120-tier-rules': tierRules,
  '0121-order-refunds': orderRefunds,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Each engineer numbers migrations in their own range (PROTOCOL.md), so one may land after a
    // higher number already ran on a data folder: run it then rather than refuse to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
