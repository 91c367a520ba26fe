import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { firmSumming } from '../../db/firm-summing';
import type { Database } from '../../db/schema';

/**
 * A firm's customers summed one row a person (docs/decisions/074-customer-summaries.md, on decision 056's
 * figures): every paid order (not the till's, whose buyer is the seller), booking, follow and conversation
 * becomes a row keyed by the person, and a GROUP BY sums them. Money is what the paid orders in the firm's
 * currency kept after refunds (`total_minor - refunded_minor`), as the sales report sums it.
 *
 * Triggers note in `customer_dirty` which customers of a firm changed, in the transaction of the write;
 * `refresh` sums those again from the source rows into `customer_summaries`, replacing their rows, before
 * the list reads. Summing again is idempotent, so a customer noted twice, or summed by two lists, comes out
 * the same. A booking still to come is not a visit yet: its row is summed again once its time has passed.
 */

/** Customers summed per statement (each key is a bound parameter, several times over). */
const KEYS_PER_STATEMENT = 200;
/** Past this many changed customers, the whole firm is summed in one statement rather than by keys. */
const WHOLE_FIRM_FROM = 1000;

/**
 * A guest's booking joins the account that has its email (accounts keep theirs lower-cased, so the unique
 * index on it finds them), else it is keyed by the email; one taken on the phone without an email stands
 * alone, keyed by the booking. The triggers of migration 0361 give a booking the same key.
 */
export const bookingKey = sql<string>`coalesce(b.user_id,
    (select min(u.id) from users u where b.guest_email <> '' and u.email = lower(b.guest_email)),
    case when b.guest_email <> '' then 'email:' || lower(b.guest_email) else 'booking:' || b.id end)`;

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Where the rows of each kind are narrowed to some customers: their keys, and the emails and bookings those keys name. */
function narrowing(keys: string[]) {
  const emails = keys.filter((key) => key.startsWith('email:')).map((key) => key.slice('email:'.length));
  const bookingIds = keys.filter((key) => key.startsWith('booking:')).map((key) => key.slice('booking:'.length));
  const inKeys = (column: RawBuilder<unknown>) => sql`and ${column} in (${list(keys)})`;
  // a guest's bookings join the account of their email: found through the account's email, or the email key
  const bookings = [
    sql`b.user_id in (${list(keys)})`,
    sql`lower(b.guest_email) in (select u.email from users u where u.id in (${list(keys)}))`,
  ];
  if (emails.length) bookings.push(sql`lower(b.guest_email) in (${list(emails)})`);
  if (bookingIds.length) bookings.push(sql`b.id in (${list(bookingIds)})`);
  return {
    orders: inKeys(sql`o.buyer_id`),
    bookings: sql`and (${sql.join(bookings, sql` or `)})`,
    follows: inKeys(sql`f.user_id`),
    conversations: inKeys(sql`c.customer_id`),
    groups: sql`where a.ckey in (${list(keys)})`,
  };
}

/**
 * The summed rows of a firm's customers (all of them, or those of `keys`), with the columns of
 * `customer_summaries` in its order. `now` decides which bookings are past visits.
 */
export function summedCustomers(firmId: string, currency: string, now: string, keys?: string[]): RawBuilder<unknown> {
  const only = keys ? narrowing(keys) : undefined;
  const none = sql``;
  return sql`
    select cast(${firmId} as text) as firm_id, a.ckey as customer_key, max(a.guest_name) as guest_name, max(a.guest_email) as guest_email,
      sum(a.spent) as spent_minor, sum(a.orders) as orders, sum(a.tickets) as tickets, sum(a.bookings) as bookings,
      max(a.transacted) as transacted, max(a.follows) as follows, max(a.opt_in) as opt_in,
      max(a.visit_at) as visit_at, coalesce(max(a.visit_at), '') as visit_sort, min(a.next_visit_at) as next_visit_at,
      max(a.conversation_id) as conversation_id
    from (
      select o.buyer_id as ckey, null as guest_name, null as guest_email,
        case when o.currency = ${currency} then o.total_minor - o.refunded_minor else 0 end as spent,
        1 as orders,
        (select count(*) from tickets t where t.order_id = o.id and t.transferred_from is null and t.status <> 'void') as tickets,
        0 as bookings, 1 as transacted, 0 as follows, 0 as opt_in, o.paid_at as visit_at, null as next_visit_at, null as conversation_id
      from orders o
      where o.firm_id = ${firmId} and o.kind <> 'till' and o.paid_at is not null ${only?.orders ?? none}
      union all
      select ${bookingKey}, b.guest_name, lower(b.guest_email), 0, 0, 0,
        case when b.status = 'cancelled' then 0 else 1 end, 1, 0, 0,
        case when b.status in ('confirmed', 'seated') and b.starts_at <= ${now} then b.starts_at end,
        case when b.status in ('confirmed', 'seated') and b.starts_at > ${now} then b.starts_at end, null
      from bookings b
      where b.firm_id = ${firmId} ${only?.bookings ?? none}
      union all
      select f.user_id, null, null, 0, 0, 0, 0, 0, 1, f.marketing_opt_in, null, null, null
      from follows f
      where f.firm_id = ${firmId} ${only?.follows ?? none}
      union all
      select c.customer_id, null, null, 0, 0, 0, 0, 0, 0, 0, c.last_message_at, null, c.id
      from conversations c
      where c.firm_id = ${firmId} and c.last_message_at is not null ${only?.conversations ?? none}
    ) a
    ${only?.groups ?? none}
    group by a.ckey`;
}

const COLUMNS = [
  'firm_id',
  'customer_key',
  'guest_name',
  'guest_email',
  'spent_minor',
  'orders',
  'tickets',
  'bookings',
  'transacted',
  'follows',
  'opt_in',
  'visit_at',
  'visit_sort',
  'next_visit_at',
  'conversation_id',
] as const;

export function createCustomerSummaries(db: Kysely<Database>, clock: () => Date) {
  const summing = firmSumming(db, 'customers');

  async function sum(trx: Transaction<Database>, firmId: string, currency: string, now: string, keys?: string[]) {
    let remove = trx.deleteFrom('customer_summaries').where('firm_id', '=', firmId);
    if (keys) remove = remove.where('customer_key', 'in', keys);
    await remove.execute();
    await trx
      .insertInto('customer_summaries')
      .columns([...COLUMNS])
      .expression(sql`select * from (${summedCustomers(firmId, currency, now, keys)}) s where s.customer_key is not null`)
      .execute();
  }

  /**
   * Brings a firm's customer rows up to date with every write committed before it began, and with the
   * bookings whose time has come since they were summed.
   */
  async function refresh(firmId: string): Promise<void> {
    const now = clock().toISOString();
    const [noted, due] = await Promise.all([
      // ordered by the key as the index is: PostgreSQL, its statistics still counting rows a refresh took since,
      // would otherwise read the whole table for the first row, in a table the firms that never list keep filling
      db
        .selectFrom('customer_dirty')
        .select('customer_key')
        .where('firm_id', '=', firmId)
        .orderBy('customer_key')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('customer_summaries')
        .select('customer_key')
        .where('firm_id', '=', firmId)
        .where('next_visit_at', '<=', now)
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (!noted && !due) return;
    await summing(firmId, async (trx) => {
      // taken first: a write committed after this keeps its own row for the next refresh
      const taken = await trx.deleteFrom('customer_dirty').where('firm_id', '=', firmId).returning('customer_key').execute();
      const passed = await trx
        .selectFrom('customer_summaries')
        .select('customer_key')
        .where('firm_id', '=', firmId)
        .where('next_visit_at', '<=', now)
        .execute();
      const firm = await trx.selectFrom('firms').select('currency').where('id', '=', firmId).executeTakeFirst();
      if (!firm) return;
      const keys = new Set([...taken, ...passed].map((row) => row.customer_key));
      if (keys.has('*') || keys.size > WHOLE_FIRM_FROM) return sum(trx, firmId, firm.currency, now);
      const all = [...keys];
      for (let first = 0; first < all.length; first += KEYS_PER_STATEMENT)
        await sum(trx, firmId, firm.currency, now, all.slice(first, first + KEYS_PER_STATEMENT));
    });
  }

  return { refresh };
}
