/**
 * The large marketplace (`SEED=large`): the demo's rows plus generated ones up to a hundred times
 * its size, to measure how the cost of each read grows with the data. Generated firms, people,
 * events and posts are variations of the demo's own (their pictures included), so every page shows
 * real content; orders, tickets, payments, follows, saves and messages are drawn over two years,
 * with a Zipf spread: the demo's firms are the largest (Dar Nour the first), most are small.
 * Deterministic: the same demo rows, `now` and scale give the same rows. Nothing here touches the
 * database.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { createIdFactory, createRandom, createZipf, type Random } from './random';
import type { DemoData } from './build';

/** The counts at scale 1 (the demo's rows included): a hundred times the demo's marketplace. */
export const LARGE_COUNTS = {
  firms: 5000,
  events: 5000,
  users: 20_000,
  orders: 100_000,
  follows: 150_000,
  saved_items: 50_000,
  messages: 50_000,
};

/** The firms whose pages a bench or a person opens first are the largest, in this order. */
const LARGEST_FIRST = ['dar-nour', 'theatre-du-quai', 'the-blue-alley'];

type Table<T extends keyof Database> = Insertable<Database[T]>[];

export interface LargeRows {
  users: Table<'users'>;
  firms: Table<'firms'>;
  employments: Table<'employments'>;
  menus: Table<'menus'>;
  menu_sections: Table<'menu_sections'>;
  menu_items: Table<'menu_items'>;
  products: Table<'products'>;
  events: Table<'events'>;
  ticket_categories: Table<'ticket_categories'>;
  event_addons: Table<'event_addons'>;
  blog_posts: Table<'blog_posts'>;
  follows: Table<'follows'>;
  saved_items: Table<'saved_items'>;
  orders: Table<'orders'>;
  order_lines: Table<'order_lines'>;
  tickets: Table<'tickets'>;
  payments: Table<'payments'>;
  order_refunds: Table<'order_refunds'>;
  conversations: Table<'conversations'>;
  messages: Table<'messages'>;
}

/** Tables in foreign-key order, for inserting. */
export const LARGE_INSERT_ORDER = [
  'users',
  'firms',
  'employments',
  'menus',
  'menu_sections',
  'menu_items',
  'products',
  'events',
  'ticket_categories',
  'event_addons',
  'blog_posts',
  'follows',
  'saved_items',
  'orders',
  'order_lines',
  'tickets',
  'payments',
  'order_refunds',
  'conversations',
  'messages',
] as const satisfies readonly (keyof LargeRows)[];

const DAY = 86_400_000;
/** Orders, events and posts are spread over the two years before `now` (events up to two months after). */
export const SPAN_DAYS = 730;

const iso = (ms: number) => new Date(ms).toISOString();
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase() || 'x';

type Demo = DemoData['rows'];
type FirmRow = Insertable<Database['firms']>;

/** Rows grouped by a key, e.g. a firm's events. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

interface Context {
  random: Random;
  ids: ReturnType<typeof createIdFactory>;
  nowMs: number;
  out: LargeRows;
  /** the demo firm each firm is a variation of (itself for the demo's) */
  templateOf: Map<string, FirmRow>;
}

/** A date in the last two years, uniformly. */
const pastDate = (ctx: Context) => ctx.nowMs - Math.floor(ctx.random.next() * SPAN_DAYS * DAY);

function people(ctx: Context, demo: Demo, total: number): string[] {
  const [template] = demo.users;
  if (!template) throw new Error('the demo has no people');
  const [firsts, lasts] = [demo.users.map((u) => u.first_name), demo.users.map((u) => u.last_name)];
  for (let n = demo.users.length; n < total; n++) {
    const [first, last] = [ctx.random.pick(firsts), ctx.random.pick(lasts)];
    const other = ctx.random.pick(demo.users);
    ctx.out.users.push({
      ...template,
      id: ctx.ids.id(),
      short_id: ctx.ids.shortId(),
      flip: `${slug(first)}.${slug(last)}.${n}`,
      first_name: first,
      last_name: last,
      email: `person${n}@large.souk.test`,
      image_path: null,
      date_of_birth: other.date_of_birth,
      is_private: ctx.random.chance(0.1) ? 1 : 0,
      region_preference: other.region_preference,
      hour_format: other.hour_format,
      language: other.language,
      total_friends: 0,
      created_at: iso(pastDate(ctx)),
    });
  }
  return [...demo.users, ...ctx.out.users].map((u) => u.id);
}

/** A copy of a demo firm's catalogue (menus, their unnamed sections and items, products) for another firm. */
function copyCatalogue(ctx: Context, demo: Demo, from: FirmRow, to: FirmRow) {
  for (const menu of demo.menus.filter((m) => m.firm_id === from.id)) {
    const menuId = ctx.ids.id();
    ctx.out.menus.push({ ...menu, id: menuId, short_id: ctx.ids.shortId(), firm_id: to.id });
    ctx.out.menu_sections.push({ id: menuId, menu_id: menuId, firm_id: to.id, name: null, sort: 1 });
    for (const item of demo.menu_items.filter((i) => i.menu_id === menu.id))
      ctx.out.menu_items.push({
        ...item,
        id: ctx.ids.id(),
        short_id: ctx.ids.shortId(),
        menu_id: menuId,
        section_id: menuId,
        firm_id: to.id,
      });
  }
  for (const product of demo.products.filter((p) => p.firm_id === from.id))
    ctx.out.products.push({ ...product, id: ctx.ids.id(), short_id: ctx.ids.shortId(), firm_id: to.id, created_at: to.created_at });
}

/** Firms up to `total`, each a variation of a demo firm with its catalogue; the returned list is in size order. */
function firms(ctx: Context, demo: Demo, total: number, userIds: string[]): FirmRow[] {
  const generatedPeople = userIds.slice(demo.users.length);
  for (const f of demo.firms) ctx.templateOf.set(f.id!, f);
  for (let n = demo.firms.length; n < total; n++) {
    const from = demo.firms[n % demo.firms.length]!;
    const created = pastDate(ctx);
    const firm: FirmRow = {
      ...from,
      id: ctx.ids.id(),
      short_id: ctx.ids.shortId(),
      username: `${from.username}-${n}`,
      name: `${from.name} ${n}`,
      created_at: iso(created),
      plan_key: 'free',
      plan_renews_at: null,
    };
    ctx.out.firms.push(firm);
    ctx.templateOf.set(firm.id!, from);
    copyCatalogue(ctx, demo, from, firm);
    // the generated people own the generated firms, one each while there are enough
    ctx.out.employments.push({
      id: ctx.ids.id(),
      firm_id: firm.id!,
      user_id: generatedPeople.length ? generatedPeople[n % generatedPeople.length]! : userIds[0]!,
      user_role: 'OWNER',
      profession: null,
      active: 1,
      created_at: iso(created),
    });
  }
  const rank = (f: FirmRow) => {
    const index = LARGEST_FIRST.indexOf(f.username);
    return index === -1 ? LARGEST_FIRST.length : index;
  };
  // the demo's firms first (the largest), then the generated ones in their order
  return [...demo.firms, ...ctx.out.firms]
    .map((f, index) => ({ f, index }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.index - b.index)
    .map(({ f }) => f);
}

type EventRow = Insertable<Database['events']>;
type TierRow = Insertable<Database['ticket_categories']>;

/** Events up to `total`: demo events again at other dates, by firms that host them, the large ones most. */
function events(ctx: Context, demo: Demo, total: number, bySize: FirmRow[]) {
  const eventsOf = groupBy(demo.events, (e) => e.firm_id);
  const templateFor = (firm: FirmRow) => ctx.templateOf.get(firm.id!)!;
  const hosts = bySize.filter((f) => eventsOf.has(templateFor(f).id));
  const drawHost = createZipf(ctx.random, hosts.length);
  const tiersOf = groupBy(demo.ticket_categories, (t) => t.event_id);
  const addonsOf = groupBy(demo.event_addons, (a) => a.event_id);
  for (let n = demo.events.length; n < total; n++) {
    const host = hosts[drawHost()]!;
    const from = ctx.random.pick(eventsOf.get(templateFor(host).id)!);
    const start = ctx.nowMs + 60 * DAY - Math.floor(ctx.random.next() * (SPAN_DAYS + 60) * DAY);
    const length = new Date(from.end_date_time!).getTime() - new Date(from.start_date_time).getTime();
    const id = ctx.ids.id();
    ctx.out.events.push({
      ...from,
      id,
      short_id: ctx.ids.shortId(),
      firm_id: host.id,
      start_date_time: iso(start),
      end_date_time: iso(start + length),
      created_at: iso(Math.min(start, ctx.nowMs) - ctx.random.int(5, 60) * DAY),
    });
    for (const tier of tiersOf.get(from.id) ?? []) ctx.out.ticket_categories.push({ ...tier, id: ctx.ids.id(), event_id: id });
    for (const addon of addonsOf.get(from.id) ?? []) ctx.out.event_addons.push({ ...addon, id: ctx.ids.id(), event_id: id });
  }
}

/** Each generated firm writes its demo firm's posts again, published at dates over the two years. */
function posts(ctx: Context, demo: Demo) {
  const postsOf = groupBy(demo.blog_posts, (p) => p.firm_id);
  for (const firm of ctx.out.firms)
    for (const post of postsOf.get(ctx.templateOf.get(firm.id!)!.id!) ?? []) {
      const published = pastDate(ctx);
      ctx.out.blog_posts.push({
        ...post,
        id: ctx.ids.id(),
        short_id: ctx.ids.shortId(),
        firm_id: firm.id!,
        published_date: iso(published),
        created_at: iso(published - DAY),
      });
    }
}

/** `count` pairs drawn by `draw` (a key per pair) not in `seen` nor twice; the tries are bounded. */
function distinctPairs<T>(count: number, draw: () => [string, T], seen = new Set<string>()): T[] {
  const pairs: T[] = [];
  for (let tries = 0; pairs.length < count && tries < count * 4; tries++) {
    const [key, value] = draw();
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push(value);
  }
  return pairs;
}

function audience(ctx: Context, demo: Demo, userIds: string[], bySize: FirmRow[], follows: number, saves: number) {
  const drawFirm = createZipf(ctx.random, bySize.length);
  ctx.out.follows = distinctPairs(
    follows - demo.follows.length,
    () => {
      const [user_id, firm_id] = [ctx.random.pick(userIds), bySize[drawFirm()]!.id!];
      return [`${user_id}:${firm_id}`, { user_id, firm_id, created_at: iso(pastDate(ctx)) }];
    },
    new Set(demo.follows.map((f) => `${f.user_id}:${f.firm_id}`)),
  );
  const savable = [
    ...bySize.map((f) => ({ id: f.id, code: ENTITY_TYPE.FIRM })),
    ...[...demo.events, ...ctx.out.events].map((e) => ({ id: e.id, code: ENTITY_TYPE.EVENT })),
    ...[...demo.blog_posts, ...ctx.out.blog_posts].map((b) => ({ id: b.id, code: ENTITY_TYPE.BLOG })),
    ...[...demo.products, ...ctx.out.products].map((p) => ({ id: p.id, code: ENTITY_TYPE.PRODUCT })),
  ];
  ctx.out.saved_items = distinctPairs(
    saves - demo.saved_items.length,
    () => {
      const [user_id, item] = [ctx.random.pick(userIds), ctx.random.pick(savable)];
      return [
        `${user_id}:${item.id}`,
        { id: ctx.ids.id(), user_id, entity_id: item.id!, entity_type_code: item.code, created_at: iso(pastDate(ctx)) },
      ];
    },
    new Set(demo.saved_items.map((s) => `${s.user_id}:${s.entity_id}`)),
  );
}

/** How orders end: most are paid; some refunded, cancelled, or left to expire. */
function orderStatus(random: Random): 'paid' | 'refunded' | 'cancelled' | 'expired' {
  const roll = random.next();
  return roll < 0.88 ? 'paid' : roll < 0.91 ? 'refunded' : roll < 0.95 ? 'cancelled' : 'expired';
}

interface Line {
  kind: 'ticket' | 'addon' | 'product' | 'menu_item';
  item_id: string;
  label: string;
  unit_price_minor: number;
  quantity: number;
  tier?: TierRow;
}

/** An order's lines, its tickets and its payment (and the refund of a refunded one). */
function writeOrder(
  ctx: Context,
  order: { firm: FirmRow; buyer: Insertable<Database['users']>; event?: EventRow; lines: Line[]; at: number; n: number; ownerId: string },
) {
  const { random, ids, out } = ctx;
  const status = orderStatus(random);
  const id = ids.id();
  const total = order.lines.reduce((sum, line) => sum + line.unit_price_minor * line.quantity, 0);
  const settled = status === 'paid' || status === 'refunded';
  const at = iso(order.at);
  const paidAt = settled ? iso(order.at + random.int(20, 300) * 1000) : null;
  const reference = `SK-${(order.n * 7919 + 1_000_000).toString(36).toUpperCase()}`;
  out.orders.push({
    id,
    reference,
    buyer_id: order.buyer.id,
    firm_id: order.firm.id,
    kind: order.event ? 'tickets' : 'shop',
    event_id: order.event?.id ?? null,
    status,
    currency: order.firm.currency ?? 'EUR',
    total_minor: total,
    hold_expires_at: null,
    idempotency_key: `large-${id}`,
    request_hash: id,
    language: order.buyer.language,
    created_at: at,
    updated_at: paidAt ?? at,
    paid_at: paidAt,
    fulfilment: !order.event && settled ? 'collected' : null,
    ready_at: null,
    collected_at: !order.event && settled ? paidAt : null,
    refunded_minor: status === 'refunded' ? total : 0,
  });
  order.lines.forEach((line, index) => {
    out.order_lines.push({
      id: ids.id(),
      order_id: id,
      kind: line.kind,
      item_id: line.item_id,
      label: line.label,
      unit_price_minor: line.unit_price_minor,
      quantity: line.quantity,
      sort: index + 1,
      refunded_quantity: status === 'refunded' ? line.quantity : 0,
    });
    if (!settled || !line.tier || !order.event) return;
    // a refund gives the seats back: only a paid order's tickets hold them
    if (status === 'paid') {
      line.tier.sold = (line.tier.sold ?? 0) + line.quantity;
      order.event.sold = (order.event.sold ?? 0) + line.quantity;
    }
    for (let q = 0; q < line.quantity; q++)
      out.tickets.push({
        id: ids.id(),
        order_id: id,
        event_id: order.event.id,
        category_id: line.tier.id!,
        holder_id: order.buyer.id,
        code: random.token(22),
        status: status === 'refunded' ? 'void' : 'active',
        transferred_from: null,
        created_at: paidAt!,
        updated_at: paidAt!,
      });
  });
  const paymentStatus = { paid: 'succeeded', refunded: 'refunded', cancelled: 'canceled', expired: 'failed' }[status];
  out.payments.push({
    id: ids.id(),
    provider: 'sandbox',
    provider_payment_id: `sbx_large_${id}`,
    subject_type: 'order',
    subject_id: id,
    reference,
    amount_minor: total,
    currency: order.firm.currency ?? 'EUR',
    status: paymentStatus,
    refunded_minor: status === 'refunded' ? total : 0,
    method: 'card',
    failure_code: status === 'expired' ? 'card_declined' : null,
    redirect_url: '',
    created_at: at,
    updated_at: paidAt ?? at,
  });
  if (status === 'refunded')
    out.order_refunds.push({
      id: ids.id(),
      order_id: id,
      idempotency_key: `large-${id}`,
      actor_id: order.ownerId,
      amount_minor: total,
      reason: 'Refunded at the customer’s request',
      items: JSON.stringify(order.lines.map((line) => ({ label: line.label, qty: line.quantity }))),
      created_at: iso(new Date(paidAt!).getTime() + random.int(1, 10) * DAY),
    });
}

/** Orders: tickets to events (by their host's size) and shop orders of menus and products (by the firm's size). */
function orders(ctx: Context, demo: Demo, total: number, bySize: FirmRow[], ownerOf: Map<string, string>) {
  const { random } = ctx;
  const users = [...demo.users, ...ctx.out.users];
  const allEvents = [...demo.events, ...ctx.out.events].filter((e) => e.start_date_time < iso(ctx.nowMs + 60 * DAY));
  const eventsOf = groupBy(allEvents, (e) => e.firm_id);
  const tiersOf = groupBy([...demo.ticket_categories, ...ctx.out.ticket_categories], (t) => t.event_id);
  const catalogueOf = groupBy(
    [
      ...[...demo.menu_items, ...ctx.out.menu_items].map((i) => ({
        firm: i.firm_id,
        kind: 'menu_item' as const,
        id: i.id!,
        label: i.name,
        price: i.price_minor,
      })),
      ...[...demo.products, ...ctx.out.products].map((p) => ({
        firm: p.firm_id,
        kind: 'product' as const,
        id: p.id!,
        label: p.name,
        price: p.price_minor,
      })),
    ].filter((item) => item.price > 0),
    (item) => item.firm,
  );
  const hosts = bySize.filter((f) => eventsOf.has(f.id));
  const shops = bySize.filter((f) => catalogueOf.has(f.id));
  const [drawHost, drawShop] = [createZipf(random, hosts.length), createZipf(random, shops.length)];
  for (let n = 0; n < total; n++) {
    const buyer = random.pick(users);
    if (random.chance(0.5) && hosts.length) {
      const firm = hosts[drawHost()]!;
      const event = random.pick(eventsOf.get(firm.id)!);
      const tiers = (tiersOf.get(event.id!) ?? []).filter((t) => t.price_minor > 0);
      if (!tiers.length) continue;
      const tier = random.pick(tiers);
      const start = new Date(event.start_date_time).getTime();
      const at = Math.max(ctx.nowMs - SPAN_DAYS * DAY, Math.min(ctx.nowMs - 60_000, start - random.int(0, 40) * DAY));
      const lines: Line[] = [
        { kind: 'ticket', item_id: tier.id!, label: tier.name, unit_price_minor: tier.price_minor, quantity: random.int(1, 4), tier },
      ];
      writeOrder(ctx, { firm, buyer, event, lines, at, n, ownerId: ownerOf.get(firm.id)! });
    } else if (shops.length) {
      const firm = shops[drawShop()]!;
      const lines: Line[] = random.sample(catalogueOf.get(firm.id)!, random.int(1, 3)).map((item) => ({
        kind: item.kind,
        item_id: item.id,
        label: item.label,
        unit_price_minor: item.price,
        quantity: random.int(1, 3),
      }));
      writeOrder(ctx, { firm, buyer, lines, at: pastDate(ctx), n, ownerId: ownerOf.get(firm.id)! });
    }
  }
  // a tier never shows more sold than it holds
  for (const tier of [...demo.ticket_categories, ...ctx.out.ticket_categories]) tier.capacity = Math.max(tier.capacity, tier.sold ?? 0);
  for (const event of allEvents) event.capacity = Math.max(event.capacity, event.sold ?? 0);
}

/** Conversations of people with firms (the large ones most), about five messages each, the team answering. */
function messages(ctx: Context, userIds: string[], bySize: FirmRow[], total: number, ownerOf: Map<string, string>) {
  const { random, ids, out } = ctx;
  const drawFirm = createZipf(random, bySize.length);
  const pairs = distinctPairs(Math.ceil(total / 5), () => {
    const [firm, customer] = [bySize[drawFirm()]!, random.pick(userIds)];
    return [`${firm.id}:${customer}`, { firm, customer }];
  });
  let left = total;
  pairs.forEach(({ firm, customer }, index) => {
    const count = index === pairs.length - 1 ? left : Math.min(left, random.int(1, 9));
    left -= count;
    if (count <= 0) return;
    const id = ids.id();
    let at = pastDate(ctx);
    const written: Insertable<Database['messages']>[] = [];
    for (let m = 0; m < count; m++) {
      const fromFirm = m % 2;
      written.push({
        id: ids.id(),
        conversation_id: id,
        sender_id: fromFirm ? ownerOf.get(firm.id)! : customer,
        from_firm: fromFirm,
        body: fromFirm
          ? 'Thank you, it is noted. See you soon!'
          : `Hello, is it possible to come on day ${random.int(1, 28)} at ${random.int(9, 19)}h?`,
        created_at: iso(at),
      });
      at = Math.min(ctx.nowMs, at + random.int(2, 600) * 60_000);
    }
    const last = written[written.length - 1]!;
    out.conversations.push({
      id,
      firm_id: firm.id,
      customer_id: customer,
      created_at: written[0]!.created_at,
      last_message_at: last.created_at,
      last_message_preview: last.body.slice(0, 120),
      last_from_firm: last.from_firm,
      blocked_at: null,
    });
    out.messages.push(...written);
  });
}

/**
 * The large marketplace at `scale` (1: the counts of LARGE_COUNTS): the rows to add to the demo's,
 * and the demo's rows again with the seats its events sold (the input is left as it was).
 */
export function buildLargeData<D extends Demo>(input: D, now: Date, scale = 1): { demo: D; rows: LargeRows } {
  const demo: D = {
    ...input,
    events: input.events.map((row) => ({ ...row })),
    ticket_categories: input.ticket_categories.map((row) => ({ ...row })),
  };
  const target = (count: number) => Math.round(count * scale);
  const random = createRandom(0x1a_26_e0);
  const ctx: Context = {
    random,
    ids: createIdFactory(createRandom(0x1a_26_e1)),
    nowMs: now.getTime(),
    out: Object.fromEntries(LARGE_INSERT_ORDER.map((table) => [table, []])) as unknown as LargeRows,
    templateOf: new Map(),
  };
  const userIds = people(ctx, demo, Math.max(target(LARGE_COUNTS.users), demo.users.length));
  const bySize = firms(ctx, demo, Math.max(target(LARGE_COUNTS.firms), demo.firms.length), userIds);
  const ownerOf = new Map(
    [...demo.employments, ...ctx.out.employments].filter((e) => e.user_role === 'OWNER').map((e) => [e.firm_id, e.user_id]),
  );
  events(ctx, demo, target(LARGE_COUNTS.events), bySize);
  posts(ctx, demo);
  audience(ctx, demo, userIds, bySize, target(LARGE_COUNTS.follows), target(LARGE_COUNTS.saved_items));
  orders(ctx, demo, target(LARGE_COUNTS.orders), bySize, ownerOf);
  messages(ctx, userIds, bySize, target(LARGE_COUNTS.messages), ownerOf);
  return { demo, rows: ctx.out };
}
