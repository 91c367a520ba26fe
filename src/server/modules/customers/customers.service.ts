import { sql, type Kysely, type RawBuilder } from 'kysely';
import { bookingKey, createCustomerSummaries } from './customer-summaries';
import type { Database } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';
import { notFound } from '../../lib/errors';
import { cursorPaged } from '../../lib/paging';
import type { Customer, CustomerDetail, CustomerFilter, CustomerPage } from '../../../shared/customers';
import type { BookingStatus } from '../../../shared/bookings';
import type { OrderStatus } from '../../../shared/orders';

/** Rows read per round trip when the CSV of the list is streamed. */
const CSV_PAGE = 500;
/** The orders and bookings a customer's detail shows, the latest first. */
const DETAIL_LIMIT = 100;

const num = (value: unknown) => Number(value ?? 0);

interface CustomerRow {
  ckey: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  flip: string | null;
  image_path: string | null;
  account_email: string | null;
  guest_name: string | null;
  guest_email: string | null;
  spent: unknown;
  orders: unknown;
  tickets: unknown;
  bookings: unknown;
  transacted: unknown;
  follows: unknown;
  opt_in: unknown;
  visit_at: string | null;
  conversation_id: string | null;
  notes: string | null;
}

/** Where a keyset page resumes: after the row of this last visit ('' for none) and key. */
type Resume = readonly [string, string];

/**
 * A firm's customers as its team sees them: the rows `customer-summaries.ts` sums from what each person did
 * with the firm (docs/decisions/074-customer-summaries.md), brought up to date before each read, with the
 * account's name and picture and the team's notes joined. The same statements run on SQLite and PostgreSQL.
 */
export function createCustomerService(db: Kysely<Database>, clock: () => Date) {
  const summaries = createCustomerSummaries(db, clock);

  /** The list, one row per person, before filters (`c` the summary, `u` the account). */
  function customers(firmId: string): RawBuilder<unknown> {
    return sql`
      select c.customer_key as ckey, c.guest_name, c.guest_email, c.spent_minor as spent, c.orders, c.tickets, c.bookings,
        c.transacted, c.follows, c.opt_in, c.visit_at, c.conversation_id,
        u.id as user_id, u.first_name, u.last_name, u.flip, u.image_path, u.email as account_email, n.body as notes
      from customer_summaries c
      left join users u on u.id = c.customer_key
      left join customer_notes n on n.firm_id = c.firm_id and n.customer_key = c.customer_key
      where c.firm_id = ${firmId}`;
  }

  /** The email the team may see: a guest's, or an account's once it ordered, booked or agreed to mail. */
  const visibleEmail = sql`case when c.transacted = 1 or c.opt_in = 1 then coalesce(u.email, c.guest_email) end`;

  function conditions(firmId: string, filter: Omit<CustomerFilter, 'firmId'>, key?: string): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
    if (key !== undefined) parts.push(sql`c.customer_key = ${key}`);
    if (filter.q) {
      const like = containsPattern(filter.q);
      parts.push(sql`(lower(coalesce(u.first_name || ' ' || u.last_name, c.guest_name, '')) like ${like} escape '\\'
        or lower(coalesce(u.flip, '')) like ${like} escape '\\'
        or lower(coalesce(${visibleEmail}, '')) like ${like} escape '\\')`);
    }
    if (filter.bought !== undefined) parts.push(filter.bought ? sql`c.orders > 0` : sql`c.orders = 0`);
    if (filter.booked !== undefined) parts.push(filter.booked ? sql`c.bookings > 0` : sql`c.bookings = 0`);
    if (filter.follower !== undefined) parts.push(sql`c.follows = ${filter.follower ? 1 : 0}`);
    if (filter.consents !== undefined) parts.push(sql`c.opt_in = ${filter.consents ? 1 : 0}`);
    if (filter.tag) {
      parts.push(
        sql`exists (select 1 from customer_tags ft where ft.firm_id = ${firmId} and ft.customer_key = c.customer_key and ft.tag = ${filter.tag})`,
      );
    }
    return sql.join(parts, sql` and `);
  }

  async function currencyOf(firmId: string): Promise<string> {
    const firm = await db.selectFrom('firms').select('currency').where('id', '=', firmId).executeTakeFirst();
    if (!firm) throw notFound('Firm not found.');
    return firm.currency;
  }

  function toCustomer(row: CustomerRow, currency: string, tagsOf: Map<string, string[]>): Customer {
    const account = row.user_id !== null;
    const showsEmail = num(row.transacted) === 1 || num(row.opt_in) === 1;
    return {
      key: row.ckey,
      userId: row.user_id,
      name: account ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : (row.guest_name ?? ''),
      flip: row.flip,
      email: showsEmail ? (row.account_email ?? row.guest_email) : null,
      imagePath: row.image_path,
      spentMinor: num(row.spent),
      currency,
      orders: num(row.orders),
      tickets: num(row.tickets),
      bookings: num(row.bookings),
      follows: num(row.follows) === 1,
      marketingOptIn: num(row.opt_in) === 1,
      lastVisitAt: row.visit_at,
      conversationId: row.conversation_id,
      notes: row.notes ?? '',
      tags: tagsOf.get(row.ckey) ?? [],
    };
  }

  /** The customers the filters (and `key`) find, as `tail` orders and cuts them, once the firm's rows are up to date. */
  async function select(firmId: string, filter: Omit<CustomerFilter, 'firmId'>, tail: RawBuilder<unknown>, key?: string) {
    const currency = await currencyOf(firmId);
    await summaries.refresh(firmId);
    const { rows } = await sql<CustomerRow>`${customers(firmId)} and ${conditions(firmId, filter, key)} ${tail}`.execute(db);
    const tagsOf = await tagsOfKeys(
      firmId,
      rows.map((row) => row.ckey),
    );
    return rows.map((row) => toCustomer(row, currency, tagsOf));
  }

  /** The tags of these customers (read apart: SQLite and PostgreSQL name their string aggregate differently). */
  async function tagsOfKeys(firmId: string, keys: string[]): Promise<Map<string, string[]>> {
    const tagsOf = new Map<string, string[]>();
    if (!keys.length) return tagsOf;
    const rows = await db
      .selectFrom('customer_tags')
      .select(['customer_key', 'tag'])
      .where('firm_id', '=', firmId)
      .where('customer_key', 'in', keys)
      .orderBy('tag')
      .execute();
    for (const row of rows) tagsOf.set(row.customer_key, [...(tagsOf.get(row.customer_key) ?? []), row.tag]);
    return tagsOf;
  }

  const ORDER = sql`order by c.visit_sort desc, c.customer_key`;

  /**
   * Up to `limit` customers after `resume` in the list's order. Its first term is a range on the list's
   * index, which starts the read at the cursor however deep it is.
   */
  function after(firmId: string, filter: Omit<CustomerFilter, 'firmId'>, resume: Resume | undefined, limit: number) {
    const from = resume ? sql`and c.visit_sort <= ${resume[0]} and (c.visit_sort < ${resume[0]} or c.customer_key > ${resume[1]})` : sql``;
    return select(firmId, filter, sql`${from} ${ORDER} limit ${limit}`);
  }

  /** Where a customer stands in the list's order: their last visit ('' for none, last) and their key. */
  const keyOf = (customer: Customer): Resume => [customer.lastVisitAt ?? '', customer.key];

  /** A keyset page of the list, the latest visit first, with how many customers the filters find. */
  async function list(filter: CustomerFilter & { cursor?: Resume; size: number }): Promise<CustomerPage> {
    const { firmId, cursor, size, ...rest } = filter;
    const found = await after(firmId, rest, cursor, size + 1);
    const { rows: counted } = await sql<{ n: unknown }>`select count(*) as n from customer_summaries c
      left join users u on u.id = c.customer_key
      where c.firm_id = ${firmId} and ${conditions(firmId, rest)}`.execute(db);
    return { ...cursorPaged(found, size, keyOf), totalElements: num(counted[0]?.n) };
  }

  /** The filtered list for the CSV, a page at a time, never held whole. */
  async function* pages(filter: CustomerFilter): AsyncGenerator<Customer[]> {
    const { firmId, ...rest } = filter;
    let resume: Resume | undefined;
    for (;;) {
      const content = await after(firmId, rest, resume, CSV_PAGE);
      if (content.length) yield content;
      if (content.length < CSV_PAGE) return;
      resume = keyOf(content[content.length - 1]);
    }
  }

  async function one(firmId: string, key: string): Promise<Customer> {
    const [customer] = await select(firmId, {}, sql``, key);
    if (!customer) throw notFound('Customer not found.');
    return customer;
  }

  /** The customer with their orders (and the tickets in each) and bookings, the latest first. */
  async function detail(firmId: string, key: string): Promise<CustomerDetail> {
    const customer = await one(firmId, key);
    const [orders, bookings] = await Promise.all([
      customer.userId
        ? db
            .selectFrom('orders as o')
            .where('o.firm_id', '=', firmId)
            .where('o.buyer_id', '=', customer.userId)
            .where('o.kind', '<>', 'till')
            .select((eb) => [
              'o.reference',
              'o.kind',
              'o.status',
              'o.total_minor as totalMinor',
              'o.refunded_minor as refundedMinor',
              'o.currency',
              'o.created_at as createdAt',
              eb
                .selectFrom('tickets as t')
                .whereRef('t.order_id', '=', 'o.id')
                .where('t.transferred_from', 'is', null)
                .where('t.status', '<>', 'void')
                .select((t) => t.fn.countAll().as('n'))
                .as('tickets'),
            ])
            .orderBy('o.created_at', 'desc')
            .limit(DETAIL_LIMIT)
            .execute()
        : [],
      db
        .selectFrom('bookings as b')
        .where('b.firm_id', '=', firmId)
        .where(sql<string>`${bookingKey}`, '=', key)
        .select(['b.id', 'b.starts_at as startsAt', 'b.party', 'b.status'])
        .orderBy('b.starts_at', 'desc')
        .limit(DETAIL_LIMIT)
        .execute(),
    ]);
    return {
      customer,
      orders: orders.map((order) => ({ ...order, status: order.status as OrderStatus, tickets: num(order.tickets) })),
      bookings: bookings.map((booking) => ({ ...booking, status: booking.status as BookingStatus })),
    };
  }

  /** Replaces what the team wrote about a customer of the firm (an empty note and no tags leave no row). */
  async function saveNotes(firmId: string, key: string, authorId: string, input: { notes: string; tags: string[] }): Promise<Customer> {
    await one(firmId, key);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('customer_notes').where('firm_id', '=', firmId).where('customer_key', '=', key).execute();
      await trx.deleteFrom('customer_tags').where('firm_id', '=', firmId).where('customer_key', '=', key).execute();
      const notes = input.notes.trim();
      if (notes) {
        await trx
          .insertInto('customer_notes')
          .values({ firm_id: firmId, customer_key: key, body: notes, updated_by: authorId, updated_at: clock().toISOString() })
          .execute();
      }
      if (input.tags.length) {
        await trx
          .insertInto('customer_tags')
          .values(input.tags.map((tag) => ({ firm_id: firmId, customer_key: key, tag })))
          .execute();
      }
    });
    return one(firmId, key);
  }

  /** The tags the firm's team uses, in order. */
  async function tags(firmId: string): Promise<string[]> {
    const rows = await db.selectFrom('customer_tags').select('tag').distinct().where('firm_id', '=', firmId).orderBy('tag').execute();
    return rows.map((row) => row.tag);
  }

  return { list, pages, detail, saveNotes, tags };
}

/**
 * What a firm's team wrote about a guest (kept under their email) follows them once they open an account with that
 * email: the list already counts the guest's bookings under the account, and the notes and tags go with them.
 * Inside the transaction that creates the account.
 */
export async function adoptGuestNotes(executor: Kysely<Database>, email: string, userId: string): Promise<void> {
  const key = `email:${email.toLowerCase()}`;
  await executor.updateTable('customer_notes').set({ customer_key: userId }).where('customer_key', '=', key).execute();
  await executor.updateTable('customer_tags').set({ customer_key: userId }).where('customer_key', '=', key).execute();
}
