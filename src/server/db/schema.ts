/**
 * Table types for Kysely. Columns are dialect-neutral: text ids, ISO-8601 text
 * timestamps, integer booleans (0/1), money as integer minor units, JSON as text.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  short_id: string;
  flip: string;
  first_name: string;
  last_name: string;
  email: string | null;
  password_hash: string | null;
  google_sub: string | null;
  image_path: string | null;
  date_of_birth: string | null;
  status_code: number;
  is_private: number;
  region_preference: string;
  hour_format: number;
  language: string;
  created_at: string;
  /** accepted friendships; moves by ±1 with them, never below 0 (columns with a default are Generated: inserts may leave them out) */
  total_friends: Generated<number>;
  /** who may send friend requests: 'everyone' | 'friends_of_friends' | 'nobody' */
  friend_requests_from: Generated<string>;
  /** 'default' | 'bright' | 'dark' | 'blackout' */
  theme: Generated<string>;
  lite_mode: Generated<number>;
  help_text: Generated<number>;
  /** set when the owner asked to delete the account: it goes then, unless they come back */
  deletion_due_at: Generated<string | null>;
  /** an admin suspended the account until then (terminated: SUSPENDED_FOREVER); no login before it */
  suspended_until: Generated<string | null>;
}

export interface CategoriesTable {
  key: string;
  industry_key: string;
  /** JSON {en, ar, fr} */
  names: string;
  sort: number;
}

export interface FirmsTable {
  id: string;
  short_id: string;
  username: string;
  name: string;
  description: string;
  industry_key: string;
  category_key: string;
  image_path: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  address_line: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  /** JSON: [{day: 0-6 (0 = Sunday), open: "09:00", close: "17:00"}] */
  opening_hours: string;
  timezone: string;
  min_age: number;
  language: string;
  status_code: number;
  created_at: string;
  /** the plan (src/shared/plans.ts): free, growth or premium */
  plan_key: Generated<string>;
  /** ISO 4217 code of the firm's prices */
  currency: Generated<string>;
  /** end of the paid period; null on the free plan */
  plan_renews_at: string | null;
  /** 1: the firm takes orders of its menu items (the cart) */
  takes_orders: Generated<number>;
  /** 1: its tills keep selling for cash while offline (0310) */
  till_offline: Generated<number>;
  /** 1: guests ordering from a table may pay at the counter (0357) */
  counter_payment: Generated<number>;
  /** the kitchen board's timers turn amber, then red, at these ages of a ticket (minutes) */
  kitchen_amber_minutes: Generated<number>;
  kitchen_red_minutes: Generated<number>;
  /** reviews: how many, and the sum of their ratings (the average is sum / count) */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** 1: following the firm is a request its team approves */
  approve_followers: Generated<number>;
  /** the business's legal side (src/shared/firm-legal.ts): null until the owner fills it in */
  legal_name: string | null;
  registration_id: string | null;
  tax_id: string | null;
}

/** A firm's official document: the file's bytes are in the media store under `storage_key`, served only to its owners and admins. */
export interface FirmDocumentsTable {
  id: string;
  firm_id: string;
  kind: string;
  name: string;
  /** pdf, jpg or png, from the file's bytes */
  type: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  created_at: string;
}

export interface EmploymentsTable {
  id: string;
  firm_id: string;
  user_id: string;
  user_role: string;
  profession: string | null;
  active: number;
  created_at: string;
}

export interface MenusTable {
  id: string;
  short_id: string;
  firm_id: string;
  name: string;
  description: string | null;
  sort: number;
  /** 1: shown on the public pages; 0: kept in the workspace only (0076) */
  published: Generated<number>;
  /** JSON `{days, from, to}`: when it is served on the firm's wall clock; null: always (0340) */
  serving_hours: string | null;
}

/** A section of a menu (Drinks → Hot, Cold), holding items (0077). */
export interface MenuSectionsTable {
  id: string;
  menu_id: string;
  firm_id: string;
  /** null: the menu's unnamed section, shown without a heading */
  name: string | null;
  sort: number;
  /** src/shared/kitchen.ts KITCHEN_STATIONS: where its dishes are made (0190) */
  station: Generated<string>;
}

export interface MenuItemsTable {
  id: string;
  short_id: string;
  /** always the menu of `section_id` */
  menu_id: string;
  /** the section holding the item (0077; filled for every item) */
  section_id: string;
  firm_id: string;
  name: string;
  description: string | null;
  price_minor: number;
  currency: string;
  image_path: string | null;
  /** JSON string[]: dietary and allergen tags */
  tags: string;
  available: number;
  sort: number;
  /** JSON [{name, priceDelta}]: sizes and extras (0071) */
  options: Generated<string>;
  /** src/shared/audience.ts AUDIENCE: 0 everyone, 1 the firm's approved followers and team (0328) */
  audience: Generated<number>;
}

export interface ProductsTable {
  id: string;
  short_id: string;
  firm_id: string;
  name: string;
  description: string | null;
  price_minor: number;
  currency: string;
  image_path: string | null;
  stock: number;
  sold: number;
  created_at: string;
  /** 1: shown on the public pages; 0: kept in the workspace only (0076) */
  published: Generated<number>;
  /** 1: \`stock\` is counted and never sold below zero; 0: made to order, unlimited */
  track_stock: Generated<number>;
  /** the crossed-out "was" price (0071) */
  compare_at_minor: ColumnType<number | null, number | null | undefined, number | null>;
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON string[]: the pictures after the first (0071) */
  gallery: Generated<string>;
  low_stock_at: Generated<number>;
  /** src/shared/audience.ts AUDIENCE: 0 everyone, 1 the firm's approved followers and team (0328) */
  audience: Generated<number>;
  /** how long a waitlist offer holds the product's units, in minutes (0339) */
  waitlist_offer_minutes: Generated<number>;
}

/** The append-only log of stock changes (0071): never updated, never deleted by the API. */
export interface StockMovementsTable {
  id: string;
  product_id: string;
  firm_id: string;
  delta: number;
  reason: string;
  note: string | null;
  /** stock − sold right after it */
  available_after: number;
  user_id: string | null;
  created_at: string;
  /** the variant whose stock moved; null: the product's own stock (0072) */
  variant_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A product's size or colour with its own price, SKU and stock (0072). */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  firm_id: string;
  name: string;
  price_minor: number;
  sku: string | null;
  /** 1: \`stock\` is counted and never sold below zero; 0: unlimited */
  track_stock: number;
  stock: number;
  sold: number;
  position: number;
  created_at: string;
}

export interface EventTypesTable {
  key: string;
  names: string;
  sort: number;
}

export interface EventsTable {
  id: string;
  short_id: string;
  firm_id: string;
  name: string;
  description: string;
  image_path: string | null;
  start_date_time: string;
  end_date_time: string | null;
  type_key: string;
  capacity: number;
  sold: number;
  currency: string;
  age_limit: number;
  status_code: number;
  visibility: number;
  created_at: string;
  /** where it happens when not at the firm's address (0070) */
  venue: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** src/shared/audience.ts AUDIENCE: 0 everyone, 1 the firm's approved followers and team (0328) */
  audience: Generated<number>;
  /** how long a waitlist offer holds its seats for the member (0333) */
  waitlist_offer_minutes: ColumnType<number, number | undefined, number>;
}

export interface TicketCategoriesTable {
  id: string;
  event_id: string;
  name: string;
  description: string | null;
  price_minor: number;
  capacity: number;
  sold: number;
  sort: number;
  /** the category is on sale from / until then; null: from publication / until the event starts (0070) */
  sales_start: ColumnType<string | null, string | null | undefined, string | null>;
  sales_end: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: not offered to the public nor sold (0120) */
  hidden: ColumnType<number, number | undefined, number>;
  /** at most so many tickets of the tier in one order, or by one buyer; null: no limit (0120) */
  max_per_order: ColumnType<number | null, number | null | undefined, number | null>;
  max_per_buyer: ColumnType<number | null, number | null | undefined, number | null>;
}

/** How many tickets of a tier a buyer holds in pending or paid orders (0120): taken and given back like seats. */
export interface TierBuyerCountsTable {
  category_id: string;
  buyer_id: string;
  held: number;
}

/** A member waiting for places of a sold-out tier, or holding them as an offer (0333). */
export interface WaitlistEntriesTable {
  id: string;
  /** what is waited on: the tier, the product's variant, or the product without variants (0339) */
  line_id: string;
  /** a tier's line: its category and event; null on a product's */
  category_id: string | null;
  event_id: string | null;
  /** a product's line: the product, and its variant when sold by variants */
  product_id: string | null;
  variant_id: string | null;
  user_id: string;
  quantity: number;
  /** 'waiting' | 'offered' (src/shared/waitlist.ts) */
  status: string;
  created_at: string;
  /** when an offer's held seats pass to the next in line */
  offered_until: string | null;
}

export interface EventAddonsTable {
  id: string;
  event_id: string;
  name: string;
  price_minor: number;
  sort: number;
}

export interface BlogCategoriesTable {
  key: string;
  names: string;
  sort: number;
}

export interface BlogPostsTable {
  id: string;
  short_id: string;
  firm_id: string;
  name: string;
  short_summary: string;
  content: string;
  image_path: string | null;
  category_key: string | null;
  status_code: number;
  published_date: string | null;
  created_at: string;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** src/shared/audience.ts AUDIENCE: 0 everyone, 1 the firm's approved followers and team (0328) */
  audience: Generated<number>;
}

export interface FriendshipsTable {
  id: string;
  requester_id: string;
  addressee_id: string;
  /** src/shared/people.ts FRIENDSHIP_STATUS */
  status: string;
  created_at: string;
  /** the two ids in order joined by ':' (one row per pair); set by the friendship service */
  pair_key: Generated<string | null>;
}

export interface FollowsTable {
  user_id: string;
  firm_id: string;
  created_at: string;
  /** the follower agreed to the firm's marketing mail (0334); theirs to give and take back */
  marketing_opt_in: Generated<number>;
}

/** What a firm's team wrote about a customer (0334), keyed like the computed customer list. */
export interface CustomerNotesTable {
  firm_id: string;
  /** a user id, or `email:` and the lower-cased address of a guest */
  customer_key: string;
  body: string;
  updated_by: string | null;
  updated_at: string;
}

export interface CustomerTagsTable {
  firm_id: string;
  customer_key: string;
  tag: string;
}

/** A customer of a firm whose figures changed since they were summed; '*' for all of the firm's (0361). */
export interface CustomerDirtyTable {
  firm_id: string;
  customer_key: string;
}

/** One row of a firm's customer list, summed from what the person did with the firm (0361). */
export interface CustomerSummariesTable {
  firm_id: string;
  customer_key: string;
  guest_name: string | null;
  guest_email: string | null;
  /** paid orders less refunds, in minor units of the firm's currency */
  spent_minor: ColumnType<number | string, number, number>;
  orders: number;
  tickets: number;
  bookings: number;
  /** 1: ordered or booked (an account's email may show) */
  transacted: number;
  follows: number;
  opt_in: number;
  visit_at: string | null;
  /** the last visit, or '' for none: NULLs sort differently on SQLite and PostgreSQL */
  visit_sort: string;
  /** the earliest booking still to come when the row was summed: once it passes, the row is summed again */
  next_visit_at: string | null;
  conversation_id: string | null;
}

/** Someone asked to follow a firm that approves its followers; the row goes when the team answers. */
export type FollowRequestsTable = FollowsTable;

/** Someone the firm keeps away: they can neither follow it nor write to it. */
export type FirmRestrictionsTable = FollowsTable;
/** Views of a firm's page (`kind` firm, `item_id` the firm) and its items, a row per day of the firm's calendar. */
export interface PageViewDaysTable {
  firm_id: string;
  /** YYYY-MM-DD in the firm's time zone */
  day: string;
  kind: string;
  item_id: string;
  views: number;
  /** the views that came from a printed QR code */
  scans: number;
}

export interface SavedItemsTable {
  id: string;
  user_id: string;
  entity_id: string;
  entity_type_code: number;
  created_at: string;
}

export interface FeaturedItemsTable {
  id: string;
  entity_id: string;
  entity_type_code: number;
  sort: number;
}

export interface MediaTable {
  id: string;
  width: number;
  height: number;
  /** dominant colour, shown while the image loads */
  color: string;
  created_at: string;
  /** the account that uploaded it (lib/media.ts); null for the seed's pictures, which are never discarded */
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  /** 'email' | 'google' | 'signup' | 'reset' */
  method: string;
  device_type: string;
  device_os: string;
  os_version: string;
  browser: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_used_at: string;
  /** absolute end of the login (30 days); refreshing never extends it */
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the opaque token */
  token_hash: string;
  session_id: string;
  created_at: string;
  /** set when rotated; presenting it again is reuse */
  used_at: string | null;
}

export interface EmailCodesTable {
  id: string;
  /** 'signup' | 'reset' */
  purpose: string;
  email: string;
  code_hash: string;
  /** JSON: the pending signup (names, date of birth, password hash) */
  payload: string | null;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface InvitationsTable {
  id: string;
  firm_id: string;
  /** lower case; null when invited by flip */
  email: string | null;
  invitee_user_id: string | null;
  user_role: string;
  profession: string | null;
  /** SHA-256 of the emailed link's token */
  token_hash: string;
  invited_by: string | null;
  /** 'pending' | 'accepted' | 'declined' | 'revoked' */
  status: string;
  /** the language of the emailed invitation */
  language: string;
  created_at: string;
  expires_at: string;
  responded_at: string | null;
}

export interface FirmActivityTable {
  id: string;
  firm_id: string;
  actor_user_id: string | null;
  /** src/shared/workspace.ts ACTIVITY_KINDS */
  kind: string;
  subject: string | null;
  created_at: string;
}

export interface InvoicesTable {
  id: string;
  firm_id: string;
  number: string;
  plan_key: string;
  amount_minor: number;
  currency: string;
  period_start: string;
  period_end: string;
  /** 'paid' | 'refunded' */
  status: string;
  provider: string;
  payment_ref: string | null;
  issued_by: string | null;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  /** 'sandbox' | 'stripe' */
  provider: string;
  provider_payment_id: string;
  /** what the payment is for: 'order', 'subscription', … (a handler per type: lib/payments) */
  subject_type: string;
  subject_id: string;
  reference: string;
  amount_minor: number;
  currency: string;
  /** 'pending' | 'failed' | 'succeeded' | 'canceled' | 'refunded' | 'partially_refunded' */
  status: string;
  refunded_minor: number;
  method: string | null;
  failure_code: string | null;
  redirect_url: string;
  /** what the provider reported when its amount or currency differed from ours ('100 USD'): refused */
  mismatch: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  payment_id: string | null;
  received_at: string;
}

export interface RefundsTable {
  id: string;
  payment_id: string;
  idempotency_key: string;
  provider_refund_id: string | null;
  amount_minor: number;
  /** 'pending' | 'succeeded' | 'failed' */
  status: string;
  reason: string;
  created_at: string;
  updated_at: string;
}

/** The sandbox provider's own side (what a real provider keeps): lib/payments/sandbox.ts */
export interface SandboxPaymentsTable {
  id: string;
  idempotency_key: string;
  amount_minor: number;
  currency: string;
  description: string;
  reference: string;
  return_url: string;
  cancel_url: string;
  language: string;
  /** JSON Record<string, string> */
  metadata: string;
  /** 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled' */
  status: string;
  /** 'card' | 'wallet' */
  method: string | null;
  /** last four digits of the card, or the wallet's masked phone number */
  method_detail: string | null;
  failure_code: string | null;
  refunded_minor: number;
  created_at: string;
  updated_at: string;
}

export interface SandboxRefundsTable {
  id: string;
  idempotency_key: string;
  payment_id: string;
  amount_minor: number;
  status: string;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  /** JSON: the kind's params (src/shared/notifications.ts) */
  params: string;
  link: string;
  actor_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationSettingsTable {
  user_id: string;
  kind: string;
  in_app: number;
  email: number;
  push: number;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
}

/** A UTC day of a firm whose sales changed since they were summed by day, or '*': all of them (0353). */
export interface SalesDirtyTable {
  firm_id: string;
  utc_day: string;
}

/** A firm's paid orders of one of its days, by currency, channel and payment method (0353). */
export interface SalesDaysTable {
  firm_id: string;
  /** the firm's calendar day, as days since 1970-01-01 */
  day: number;
  currency: string;
  kind: string;
  method: string | null;
  orders: number;
  gross_minor: ColumnType<number | string, number, number>;
  tickets: ColumnType<number | string, number, number>;
}

/** The refunds a firm gave on one of its days, by the currency of their orders (0353). */
export interface SalesRefundDaysTable {
  firm_id: string;
  day: number;
  currency: string;
  refunds_minor: ColumnType<number | string, number, number>;
}

/** What a firm sold of one item on one of its days (its orders paid that day) (0353). */
export interface SalesItemDaysTable {
  firm_id: string;
  day: number;
  currency: string;
  kind: string;
  item_id: string;
  variant_id: string | null;
  variant_name: string | null;
  event_id: string | null;
  label: string;
  quantity: ColumnType<number | string, number, number>;
  refunded_quantity: ColumnType<number | string, number, number>;
  gross_minor: ColumnType<number | string, number, number>;
}

export interface OrdersTable {
  id: string;
  /** short human reference, e.g. SK-4F7Q2M */
  reference: string;
  buyer_id: string;
  firm_id: string;
  /** 'tickets' | 'shop' | 'till' (a sale at the firm's till: the buyer is the seller, 0310) */
  kind: string;
  event_id: string | null;
  /** src/shared/orders.ts ORDER_STATUSES */
  status: string;
  currency: string;
  total_minor: number;
  /** a pending order holds its seats or stock until then */
  hold_expires_at: string | null;
  idempotency_key: string;
  /** SHA-256 of the request: the same key with another request is refused */
  request_hash: string;
  /** the buyer's language when ordering (payment step, mails) */
  language: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** shop orders, moved by the firm (src/shared/firm-orders.ts FULFILMENT_STEPS): null → 'ready' → 'collected' */
  fulfilment: string | null;
  ready_at: string | null;
  collected_at: string | null;
  /** what the firm gave back so far; never more than total_minor (0121) */
  refunded_minor: ColumnType<number, number | undefined, number>;
  /** the buyer's note for the kitchen, given at checkout of a cart (0190) */
  kitchen_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** a shop order's handover as chosen at checkout (0319): 'pickup' | 'delivery'; null for tickets and dishes only */
  handover: ColumnType<string | null, string | null | undefined, string | null>;
  /** where: the pickup address, or the buyer's delivery address on one line */
  handover_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** the pickup hours as the firm wrote them; '' when the firm's opening hours apply */
  handover_hours: ColumnType<string | null, string | null | undefined, string | null>;
  /** a pickup is ready this long after payment */
  preparation_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** the delivery fee, part of total_minor */
  delivery_fee_minor: ColumnType<number, number | undefined, number>;
  /** what a promo code took off the lines (0330): total_minor is after it */
  discount_minor: ColumnType<number, number | undefined, number>;
  /** the promo code used, and its text as the firm wrote it */
  promo_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  promo_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** the table its code was scanned at (0357): the id, and the label as it read then */
  table_id: ColumnType<string | null, string | null | undefined, string | null>;
  table_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the guest pays at the counter; the order stays pending_payment, cooked at once, until staff take it */
  pay_at_counter: ColumnType<number, number | undefined, number>;
  /** how staff took a counter payment ('cash' | 'card'), and who */
  counter_method: ColumnType<string | null, string | null | undefined, string | null>;
  counter_paid_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A firm's promo code (0330, src/server/modules/promotions). */
export interface PromoCodesTable {
  id: string;
  firm_id: string;
  /** as the firm wrote it */
  code: string;
  /** upper-cased: unique per firm, what a buyer's entry is matched with */
  code_key: string;
  /** 'percent' | 'amount' */
  kind: string;
  /** a percentage, or minor units of `currency` */
  value: number;
  currency: string;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  /** uses by orders not closed unpaid: taken with `uses < usage_limit`, given back when an order closes unpaid */
  uses: ColumnType<number, number | undefined, number>;
  once_per_customer: number;
  min_order_minor: number;
  active: ColumnType<number, number | undefined, number>;
  /** AUDIENCE (src/shared/audience.ts): FOLLOWERS, an offer for the firm's approved followers alone (0347) */
  audience: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: string;
}

/** What a code applies to; none: the whole firm. */
export interface PromoCodeTargetsTable {
  code_id: string;
  /** 'event' | 'tier' | 'product' */
  target_type: string;
  target_id: string;
}

/** One use of a code, by one order. */
export interface PromoCodeUsesTable {
  order_id: string;
  code_id: string;
  buyer_id: string;
  /** the buyer when the code is once per customer (unique with code_id), else null */
  once_key: string | null;
  created_at: string;
}

/** A follower told of an offer for followers (0347): written before the notice is asked for, `sent_at` once it went. */
export interface PromoOfferSendsTable {
  code_id: string;
  user_id: string;
  created_at: string;
  sent_at: string | null;
}

/** How a firm's shop hands over: pickup and/or local delivery (0319); no row: pickup at the firm's address. */
export interface FirmFulfilmentTable {
  firm_id: string;
  pickup_enabled: number;
  /** '' = the firm's own address */
  pickup_address: string;
  /** '' = the firm's opening hours */
  pickup_hours: string;
  preparation_minutes: number;
  delivery_enabled: number;
  delivery_zone: string;
  /** JSON array of postcodes or their beginnings; [] = the zone's description only */
  delivery_postcodes: string;
  delivery_fee_minor: number;
  delivery_minimum_minor: number;
  updated_at: string;
}

/** A firm's refund of an order, whole or in part (0121). */
export interface OrderRefundsTable {
  id: string;
  order_id: string;
  /** the refund dialog's key: unique per order, so the same click sent twice refunds once */
  idempotency_key: string;
  actor_id: string | null;
  amount_minor: number;
  reason: string;
  /** JSON [{ label, qty }]: what went back */
  items: string;
  created_at: string;
}

/** A firm's announcement to its followers (src/server/modules/announcements). */
export interface AnnouncementsTable {
  id: string;
  firm_id: string;
  author_id: string | null;
  text: string;
  /** how many followers it was sent to */
  reached: number;
  created_at: string;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  /** 'ticket' | 'addon' | 'product' | 'menu_item' */
  kind: string;
  /** the ticket category, add-on, product or menu item */
  item_id: string;
  label: string;
  unit_price_minor: number;
  quantity: number;
  sort: number;
  /** the product variant sold, and its name at purchase time (0073); null otherwise */
  variant_id: ColumnType<string | null, string | null | undefined, string | null>;
  variant_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** how many of the line the firm refunded (0121) */
  refunded_quantity: ColumnType<number, number | undefined, number>;
  /** what a promo code took off the whole line (0330): it was paid unit_price_minor × quantity − this */
  discount_minor: ColumnType<number, number | undefined, number>;
  /** a dish's station, set when its kitchen ticket opens (0190); null for anything else */
  station: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sale at the firm's till, beside its order (0310). */
export interface TillSalesTable {
  order_id: string;
  firm_id: string;
  seller_id: string;
  /** the device's key for the sale: the same sale sent twice is taken once */
  sale_key: string;
  subtotal_minor: number;
  discount_minor: number;
  tendered_minor: number;
  change_minor: number;
  /** 1: made while the till was offline and sent later */
  offline: number;
  /** JSON src/shared/till.ts TillFlag[]: what the owner should look at */
  flags: string;
  /** when the till made it (its own clock), and when the server took it */
  sold_at: string;
  received_at: string;
  /** the shift it was made in (0323); null when the till had no shift open */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the part paid by card through the payment provider (0338); the rest is cash */
  card_minor: ColumnType<number, number | undefined, number>;
}

/** A shift at a firm's till: the float it opened with, the cash counted at its close (0323). */
export interface TillShiftsTable {
  id: string;
  firm_id: string;
  /** the firm's id while the shift is open (unique: one open shift per firm), null once closed */
  open_key: string | null;
  float_minor: number;
  opened_by: string;
  opened_at: string;
  counted_minor: number | null;
  closed_by: string | null;
  closed_at: string | null;
}

/** Cash put into or taken out of the drawer during a shift, with why (0323). */
export interface TillCashMovesTable {
  id: string;
  shift_id: string;
  /** 'in' | 'out' */
  kind: string;
  amount_minor: number;
  reason: string;
  by_id: string;
  at: string;
}

/** An order's dishes for one station on the kitchen display (0190). */
export interface KitchenTicketsTable {
  id: string;
  order_id: string;
  firm_id: string;
  /** src/shared/kitchen.ts KITCHEN_STATIONS */
  station: string;
  /** src/shared/kitchen.ts KITCHEN_STATUSES */
  status: string;
  /** when the order was paid: the board's timer counts from here */
  placed_at: string;
  updated_at: string;
}

export interface TicketsTable {
  id: string;
  order_id: string;
  event_id: string;
  category_id: string;
  holder_id: string;
  /** unguessable (128 random bits), shown as a QR code */
  code: string;
  /** 'reserved' (order unpaid) | 'active' | 'transferred' (replaced by a new ticket) | 'void' */
  status: string;
  /** the ticket this one replaced when passed to a friend */
  transferred_from: string | null;
  created_at: string;
  updated_at: string;
}

/** A table or counter spot guests order from (0170); its printed code names the token. */
export interface FirmTablesTable {
  id: string;
  firm_id: string;
  /** what the team and the guest read: "Table 7", "Bar 2" */
  label: string;
  /** random, url-safe; the only way the public reaches the row */
  token: string;
  created_at: string;
}

/** An event's check-in state (0140): the key its tickets' codes are signed with, and its change counter. */
export interface CheckinEventsTable {
  event_id: string;
  /** 32 random bytes, base64url; given only to the firm's check-in devices */
  signing_key: string;
  /** raised by every write to the event's scans, under its row lock: devices sync by it */
  seq: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/** A scan uploaded by a check-in device (src/server/modules/checkin), once per nonce. */
export interface CheckinScansTable {
  id: string;
  event_id: string;
  /** null when the code named no ticket of the event */
  ticket_id: string | null;
  nonce: string;
  device_id: string;
  device_name: string;
  /** the team member signed in on the device */
  user_id: string | null;
  /** the device's clock when scanned */
  scanned_at: string;
  received_at: string;
  /** src/shared/checkin.ts SCAN_RESULTS */
  result: string;
  /** src/shared/checkin.ts REFUSALS, for a refused scan */
  reason: string | null;
  /** the manager who undid the admission */
  undone_by: string | null;
  /** the event's change counter when this row last changed */
  seq: number;
}

/** A table a firm takes bookings for (0160), with its seats. */
export interface BookingTablesTable {
  id: string;
  firm_id: string;
  name: string;
  seats: number;
  created_at: string;
}

/**
 * A firm's booking rules (0160): slot grid, how long a table is held, how far ahead, latest notice, largest party;
 * whether the team confirms each booking (0200).
 */
export interface BookingRulesTable {
  firm_id: string;
  slot_minutes: number;
  turn_minutes: number;
  ahead_days: number;
  notice_minutes: number;
  largest_party: number;
  confirm_manually: Generated<number>;
  /** how many hours before the start a booking can still be cancelled by its link (0311) */
  cancel_hours: Generated<number>;
  /** how many hours before the start the reminder goes; null: no reminder (0311) */
  reminder_hours: Generated<number | null>;
}

/**
 * A booking of one table (0160), or of a service with a staff member (0337: then `table_id` is null);
 * `status` is one of BOOKING_STATUSES (src/shared/bookings.ts).
 */
export interface BookingsTable {
  id: string;
  firm_id: string;
  table_id: string | null;
  /** the service booked, and the employment of the staff member who gives it (0337) */
  service_id: ColumnType<string | null, string | null | undefined, string | null>;
  staff_id: ColumnType<string | null, string | null | undefined, string | null>;
  starts_at: string;
  ends_at: string;
  party: number;
  user_id: string | null;
  guest_name: string;
  guest_email: string;
  status: string;
  created_at: string;
  /** a visitor's booking not confirmed by its mailed link yet lapses at this instant (0311) */
  confirm_by: string | null;
  /** the language of a visitor's mails (a member's is their account's) (0311) */
  language: string | null;
  /** when the reminder went (0311) */
  reminded_at: string | null;
  /** a booking taken on the phone may carry a number instead of an email (0316) */
  guest_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** what a paid service's booking takes at booking, in minor units of `pay_currency`; null: nothing (0344) */
  pay_minor: ColumnType<number | null, number | null | undefined, number | null>;
  pay_currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** when its payment succeeded (0344) */
  paid_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A service a firm books with a staff member (0337); `price_minor` null: free. */
export interface BookingServicesTable {
  id: string;
  firm_id: string;
  name: string;
  duration_minutes: number;
  price_minor: number | null;
  /** the part of the price taken at booking; null: all of it (0344) */
  deposit_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** the staff member's time kept free before and after, in minutes */
  buffer_before: number;
  buffer_after: number;
  created_at: string;
}

/** Who of the team gives a service (0337). */
export interface BookingServiceStaffTable {
  service_id: string;
  employment_id: string;
}

/** Five minutes of a staff member's time held by a booking (0337): its primary key forbids a second holder. */
export interface BookingStaffHoldsTable {
  staff_id: string;
  slot_at: string;
  booking_id: string;
}

/** A firm's closure: no booking may overlap [starts_at, ends_at) (0336). */
export interface BookingClosuresTable {
  id: string;
  firm_id: string;
  starts_at: string;
  ends_at: string;
  reason: string | null;
  /** 1: the booking page shows the reason; 0: it only says closed */
  reason_public: Generated<number>;
  created_at: string;
}

/** A note of the team on a booking (0316). */
export interface BookingNotesTable {
  id: string;
  booking_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

/** A firm's private calendar feed: the random token of its subscription URL (0315). */
export interface CalendarFeedsTable {
  firm_id: string;
  token: string;
  created_at: string;
}

/** One grid slot of one table held by a booking (0160): its primary key forbids a second holder. */
export interface BookingHoldsTable {
  table_id: string;
  slot_at: string;
  booking_id: string;
}

export interface CartItemsTable {
  user_id: string;
  firm_id: string;
  /** 'product' | 'menu_item' */
  item_type: string;
  item_id: string;
  /** the product's variant; '' for a product without variants or a menu item (0073) */
  variant_id: ColumnType<string, string | undefined, string>;
  quantity: number;
  added_at: string;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  label: string;
  recipient: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  phone: string;
  is_default: number;
  created_at: string;
}

export interface ConversationsTable {
  id: string;
  firm_id: string;
  customer_id: string;
  created_at: string;
  /** null until the first message */
  last_message_at: string | null;
  last_message_preview: Generated<string>;
  /** 1: the last message came from the firm's team */
  last_from_firm: Generated<number>;
  customer_unread: Generated<number>;
  firm_unread: Generated<number>;
  /** the firm's team blocked the customer: they can no longer write */
  blocked_at: string | null;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  /** 1: written by the firm's team, 0: by the customer */
  from_firm: number;
  body: string;
  created_at: string;
  /** 1: its writer's account was deleted; the body is gone and readers see "message deleted" */
  deleted: Generated<number>;
}

export interface MessageAttachmentsTable {
  /** the media id of its renditions (`msg_…`, private: served only through the conversation) */
  id: string;
  conversation_id: string;
  /** null until the uploader's message claims it */
  message_id: string | null;
  uploader_id: string | null;
  position: Generated<number>;
  width: number;
  height: number;
  color: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  firm_id: string;
  author_id: string;
  /** 1..5 */
  rating: number;
  body: Generated<string>;
  created_at: string;
  updated_at: string;
  /** the firm's one public reply */
  reply: string | null;
  reply_at: string | null;
  reply_by: string | null;
  /** hidden by an admin: out of the firm's public list */
  hidden_at: Generated<string | null>;
}

export interface ReportsTable {
  id: string;
  reporter_id: string | null;
  /** src/shared/report-kinds.ts REPORT_TARGETS */
  target_type: string;
  target_id: string;
  target_name: string;
  reason: string;
  details: string;
  /** 'open' | 'reviewed' */
  status: Generated<string>;
  created_at: string;
  /** the moderation action that closed it (an appeal against it reopens it) */
  action_id: Generated<string | null>;
  /** the reported content as it read when reported (a post's summary, a review's text) */
  preview: Generated<string>;
}

/** What an admin did about a reported target, and the member's one appeal against it. */
export interface ModerationActionsTable {
  id: string;
  /** src/shared/moderation.ts MODERATION_ACTIONS */
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  /** the member told of it (none for a dismissal) */
  member_id: string | null;
  admin_user_id: string;
  reason: string;
  /** a hidden post's or firm's status code before, for restore */
  prior_status: number | null;
  /** a suspension's end */
  until: string | null;
  appeal: string | null;
  appealed_at: string | null;
  created_at: string;
  /** a reassigned firm's username before, and the one generated for it (0327) */
  old_username: Generated<string | null>;
  new_username: Generated<string | null>;
}

/** Generated secrets shared by every process on one PostgreSQL (migration 0080, lib/secrets.ts). */
export interface ServerSecretsTable {
  /** `token-key:<kid>`, `refresh-key`, `vapid`, `sandbox-webhook` */
  name: string;
  value: string;
  created_at: string;
}

/** Rate-limit windows shared by every process on one PostgreSQL (lib/rate-limit.ts). */
/** Durable work (lib/jobs): claimed for a lease by one process, deleted when done. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON */
  payload: string;
  /** at most one job with this key exists (a second enqueue is dropped) */
  key: string | null;
  /** whose data the payload holds (a mail's recipient address), so that a purge finds it */
  tag: string | null;
  run_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** out of attempts: kept for the operator, never run again */
  failed_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** epoch ms */
  reset_at: number;
}

export interface PlanOrdersTable {
  id: string;
  firm_id: string;
  plan_key: string;
  amount_minor: number;
  currency: string;
  requested_by: string | null;
  /** 'pending' | 'paid' | 'canceled' */
  status: string;
  invoice_id: string | null;
  created_at: string;
  paid_at: string | null;
}

/** Accounts the operator named platform admins (ADMIN_EMAILS names more without a row). */
export interface PlatformAdminsTable {
  user_id: string;
  created_at: string;
}

/** What an admin did, who, when and why: append-only (a trigger refuses UPDATE and DELETE). */
export interface AdminAuditLogTable {
  id: string;
  admin_user_id: string;
  /** e.g. 'feature.switch' */
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  /** JSON of the action's particulars */
  detail: string;
  created_at: string;
}

/** A feature flag set at run time from the admin area; a key without a row keeps FEATURES_OFF's value. */
export interface FeatureSwitchesTable {
  key: string;
  enabled: number;
  updated_by: string;
  updated_at: string;
}

/**
 * One searchable row's folded words, kept by triggers (migration 0280): an FTS5 table on SQLite, a
 * table with a GIN-indexed `tsvector` on PostgreSQL. `kind` is a search type, `entity_id` the row's id.
 */
export interface SearchDocumentsTable {
  kind: string;
  entity_id: string;
  name: string;
  body: string;
}

export interface Database {
  firm_documents: FirmDocumentsTable;
  search_documents: SearchDocumentsTable;
  users: UsersTable;
  categories: CategoriesTable;
  firms: FirmsTable;
  employments: EmploymentsTable;
  menus: MenusTable;
  menu_sections: MenuSectionsTable;
  menu_items: MenuItemsTable;
  products: ProductsTable;
  event_types: EventTypesTable;
  events: EventsTable;
  ticket_categories: TicketCategoriesTable;
  tier_buyer_counts: TierBuyerCountsTable;
  order_refunds: OrderRefundsTable;
  promo_codes: PromoCodesTable;
  promo_code_targets: PromoCodeTargetsTable;
  promo_code_uses: PromoCodeUsesTable;
  promo_offer_sends: PromoOfferSendsTable;
  event_addons: EventAddonsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  friendships: FriendshipsTable;
  follows: FollowsTable;
  customer_notes: CustomerNotesTable;
  customer_tags: CustomerTagsTable;
  customer_dirty: CustomerDirtyTable;
  customer_summaries: CustomerSummariesTable;
  follow_requests: FollowRequestsTable;
  firm_restrictions: FirmRestrictionsTable;
  saved_items: SavedItemsTable;
  featured_items: FeaturedItemsTable;
  media: MediaTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_codes: EmailCodesTable;
  invitations: InvitationsTable;
  firm_activity: FirmActivityTable;
  invoices: InvoicesTable;
  plan_orders: PlanOrdersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_refunds: SandboxRefundsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  announcements: AnnouncementsTable;
  checkin_events: CheckinEventsTable;
  firm_tables: FirmTablesTable;
  kitchen_tickets: KitchenTicketsTable;
  till_sales: TillSalesTable;
  till_shifts: TillShiftsTable;
  waitlist_entries: WaitlistEntriesTable;
  till_cash_moves: TillCashMovesTable;
  checkin_scans: CheckinScansTable;
  booking_tables: BookingTablesTable;
  booking_rules: BookingRulesTable;
  bookings: BookingsTable;
  booking_holds: BookingHoldsTable;
  booking_notes: BookingNotesTable;
  booking_closures: BookingClosuresTable;
  booking_services: BookingServicesTable;
  booking_service_staff: BookingServiceStaffTable;
  booking_staff_holds: BookingStaffHoldsTable;
  calendar_feeds: CalendarFeedsTable;
  tickets: TicketsTable;
  cart_items: CartItemsTable;
  reports: ReportsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_attachments: MessageAttachmentsTable;
  reviews: ReviewsTable;
  addresses: AddressesTable;
  server_secrets: ServerSecretsTable;
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
  stock_movements: StockMovementsTable;
  product_variants: ProductVariantsTable;
  platform_admins: PlatformAdminsTable;
  admin_audit_log: AdminAuditLogTable;
  moderation_actions: ModerationActionsTable;
  feature_switches: FeatureSwitchesTable;
  page_view_days: PageViewDaysTable;
  firm_fulfilment: FirmFulfilmentTable;
  sales_dirty: SalesDirtyTable;
  sales_days: SalesDaysTable;
  sales_refund_days: SalesRefundDaysTable;
  sales_item_days: SalesItemDaysTable;
}

export type UserRow = Selectable<UsersTable>;
