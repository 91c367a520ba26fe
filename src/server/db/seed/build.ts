/**
 * Builds every row of the demo marketplace in memory, deterministically: the same `now` gives the
 * same rows, ids and pictures on every machine. Nothing here touches the database or the disk.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { createIdFactory, createRandom } from './random';
import { variation, type PaletteKey, type PictogramKey, type PictureSpec } from './images';
import { BLOG_CATEGORIES, CATEGORIES, EVENT_TYPES, type IndustryKey } from './content/lookups';
import { HOURS } from './content/hours';
import { FOOD_FIRMS } from './content/firms-food';
import { RETAIL_FIRMS } from './content/firms-retail';
import { EVENT_FIRMS, SERVICE_FIRMS, TECH_FIRMS } from './content/firms-other';
import { EVENTS } from './content/events';
import { BLOG_POSTS } from './content/blog';
import { FRIENDSHIPS, OWNERS, STAFF, USERS } from './content/people';
import type { FirmSeed } from './content/types';

export const ALL_FIRMS: FirmSeed[] = [...FOOD_FIRMS, ...RETAIL_FIRMS, ...SERVICE_FIRMS, ...TECH_FIRMS, ...EVENT_FIRMS];

export type SeededTable =
  | 'media'
  | 'categories'
  | 'event_types'
  | 'blog_categories'
  | 'users'
  | 'firms'
  | 'employments'
  | 'menus'
  | 'menu_sections'
  | 'menu_items'
  | 'products'
  | 'events'
  | 'ticket_categories'
  | 'event_addons'
  | 'blog_posts'
  | 'friendships'
  | 'follows'
  | 'saved_items'
  | 'featured_items'
  | 'invoices';

export type Rows = { [T in SeededTable]: Insertable<Database[T]>[] };

export interface DemoData {
  rows: Omit<Rows, 'media'>;
  /** pictures to render; their ids are already referenced by the rows */
  pictures: { id: string; spec: PictureSpec }[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo's paid plans (src/shared/plans.ts), each paid for a month ten days ago with its invoice;
 * every other firm is on the free plan (Paper Lantern Books shows the free plan's limits).
 */
const DEMO_PLANS: Record<string, { plan: 'growth' | 'premium'; priceMinor: number }> = {
  'dar-nour': { plan: 'growth', priceMinor: 1900 },
  'the-blue-alley': { plan: 'growth', priceMinor: 1900 },
  'theatre-du-quai': { plan: 'premium', priceMinor: 4900 },
};

const CATEGORY_LOOK: Record<string, { palettes: PaletteKey[]; pictogram: PictogramKey }> = {
  cafes: { palettes: ['terracotta', 'sand', 'coral'], pictogram: 'cup' },
  restaurants: { palettes: ['olive', 'berry', 'terracotta', 'forest'], pictogram: 'plate' },
  bakeries: { palettes: ['saffron', 'sand', 'coral'], pictogram: 'loaf' },
  bars: { palettes: ['berry', 'plum', 'midnight'], pictogram: 'wine' },
  fashion: { palettes: ['indigo', 'rose', 'plum'], pictogram: 'hanger' },
  books: { palettes: ['teal', 'midnight', 'ocean'], pictogram: 'book' },
  groceries: { palettes: ['olive', 'forest', 'saffron'], pictogram: 'bag' },
  crafts: { palettes: ['teal', 'sand', 'mint'], pictogram: 'vase' },
  florists: { palettes: ['rose', 'mint', 'saffron'], pictogram: 'flower' },
  beauty: { palettes: ['plum', 'rose', 'sand'], pictogram: 'perfume' },
  salons: { palettes: ['rose', 'midnight', 'plum'], pictogram: 'scissors' },
  repair: { palettes: ['ocean', 'teal', 'coral'], pictogram: 'gear' },
  fitness: { palettes: ['mint', 'coral', 'teal'], pictogram: 'dumbbell' },
  coworking: { palettes: ['ocean', 'indigo', 'mint'], pictogram: 'laptop' },
  photography: { palettes: ['midnight', 'plum'], pictogram: 'camera' },
  cleaning: { palettes: ['ocean', 'mint'], pictogram: 'hanger' },
  software: { palettes: ['indigo', 'midnight', 'teal'], pictogram: 'code' },
  electronics: { palettes: ['ocean', 'midnight'], pictogram: 'chip' },
  'it-services': { palettes: ['teal', 'indigo'], pictogram: 'keyboard' },
  makerspaces: { palettes: ['coral', 'olive', 'indigo'], pictogram: 'gear' },
  venues: { palettes: ['midnight', 'indigo', 'berry'], pictogram: 'ticket' },
  'live-music': { palettes: ['midnight', 'plum', 'indigo'], pictogram: 'music' },
  theatres: { palettes: ['berry', 'plum'], pictogram: 'mask' },
  organisers: { palettes: ['coral', 'teal', 'saffron'], pictogram: 'calendar' },
};

const FIRM_PICTOGRAM: Record<string, PictogramKey> = {
  'spoke-and-chain': 'bicycle',
  'vinyl-vault': 'music',
  'liffey-runners': 'medal',
  'marche-des-createurs': 'tent',
  'sunset-sessions': 'star',
  'the-hive-lisbon': 'laptop',
  'code-and-cardamom': 'code',
};

const EVENT_PICTOGRAM: Record<string, PictogramKey> = {
  concert: 'music',
  workshop: 'pencil',
  festival: 'star',
  conference: 'bubble',
  tasting: 'wine',
  sports: 'medal',
  theatre: 'mask',
  market: 'tent',
  talk: 'book',
  party: 'star',
};

const BLOG_PICTOGRAM: Record<string, PictogramKey> = {
  news: 'news',
  recipes: 'plate',
  guides: 'pin',
  'behind-the-scenes': 'camera',
  announcements: 'megaphone',
  stories: 'book',
};

const ALL_PALETTES: PaletteKey[] = [
  'terracotta',
  'teal',
  'plum',
  'saffron',
  'forest',
  'ocean',
  'rose',
  'midnight',
  'olive',
  'coral',
  'indigo',
  'sand',
  'berry',
  'mint',
];

const DRINK =
  /(?<!\p{L})(thé|tea|coffee|café|latte|flat white|brew|espresso|jus|juice|nous-nous|pour-over|darjeeling|souchong|tonic)(?!\p{L})|قهوة|شاي|كرك|أتاي/iu;

/** Featured showroom: [entity kind, identifying name]. */
const FEATURED: [kind: 'firm' | 'event' | 'blog' | 'product' | 'item', key: string][] = [
  ['firm', 'dar-nour'],
  ['event', 'Trombone Shorty Tribute Night'],
  ['blog', 'La recette de notre thé à la menthe'],
  ['firm', 'the-blue-alley'],
  ['product', 'Made-to-measure selvedge jeans'],
  ['event', 'أمسية طرب: روائع أم كلثوم'],
  ['firm', 'furn-alarz'],
  ['item', 'Croissant au beurre'],
  ['event', 'Northern Lights: Winter Electronic Weekender'],
  ['blog', 'Our Staff Picks for Winter'],
  ['firm', 'atelier-indigo'],
  ['event', 'Marché de Noël des créateurs'],
  ['blog', 'كيف تحضّر متبلاً مثل مطبخنا'],
];

function minor(amount: number): number {
  return Math.round(amount * 100);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function buildDemoData(now: Date, passwordHash: string): DemoData {
  const ids = createIdFactory(createRandom(0x50_0c_20_25));
  const random = createRandom(20_250_917);
  const art = createRandom(1_600_1000);
  const nowMs = now.getTime();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const pictures: DemoData['pictures'] = [];
  const picture = (spec: Omit<PictureSpec, 'variation'>): string => {
    const id = ids.id();
    pictures.push({ id, spec: { ...spec, variation: variation(art) } });
    return id;
  };

  const rows: DemoData['rows'] = {
    users: [],
    categories: [],
    firms: [],
    employments: [],
    menus: [],
    menu_sections: [],
    menu_items: [],
    products: [],
    event_types: [],
    events: [],
    ticket_categories: [],
    event_addons: [],
    blog_categories: [],
    blog_posts: [],
    friendships: [],
    follows: [],
    saved_items: [],
    featured_items: [],
    invoices: [],
  };

  const industryOf = new Map<string, IndustryKey>();
  CATEGORIES.forEach((c, index) => {
    industryOf.set(c.key, c.industry);
    rows.categories.push({ key: c.key, industry_key: c.industry, names: JSON.stringify(c.names), sort: index + 1 });
  });
  EVENT_TYPES.forEach((t, index) => rows.event_types.push({ key: t.key, names: JSON.stringify(t.names), sort: index + 1 }));
  BLOG_CATEGORIES.forEach((c, index) => rows.blog_categories.push({ key: c.key, names: JSON.stringify(c.names), sort: index + 1 }));

  // People.
  const userId = new Map<string, string>();
  for (const u of USERS) {
    const id = ids.id();
    userId.set(u.email, id);
    rows.users.push({
      id,
      short_id: ids.shortId(),
      flip: u.flip,
      first_name: u.first,
      last_name: u.last,
      email: `${u.email}@souk.test`,
      password_hash: passwordHash,
      google_sub: null,
      image_path: u.avatar
        ? picture({ layout: 'avatar', palette: random.pick(ALL_PALETTES), initials: `${u.first[0]}${u.last[0]}`.toUpperCase() })
        : null,
      date_of_birth: u.born,
      status_code: 1,
      is_private: u.isPrivate ? 1 : 0,
      region_preference: u.region,
      hour_format: u.hourFormat,
      language: u.language,
      created_at: iso(nowMs - random.int(40, 400) * DAY - random.int(0, 86_000) * 1000),
    });
  }

  // Firms with their menus and products.
  const firmByUsername = new Map<string, { id: string; seed: FirmSeed; created: number; palette: PaletteKey }>();
  const productIdByName = new Map<string, string>();
  const itemIdByName = new Map<string, string>();
  for (const f of ALL_FIRMS) {
    const industry = industryOf.get(f.category);
    if (!industry) throw new Error(`Unknown category ${f.category} for ${f.username}`);
    const look = CATEGORY_LOOK[f.category]!;
    const palette = random.pick(look.palettes);
    const id = ids.id();
    const created = nowMs - random.int(120, 900) * DAY;
    firmByUsername.set(f.username, { id, seed: f, created, palette });
    const domain = `${f.username.replace(/-/g, '')}.example`;
    rows.firms.push({
      id,
      short_id: ids.shortId(),
      username: f.username,
      name: f.name,
      description: f.description,
      industry_key: industry,
      category_key: f.category,
      image_path: picture({ layout: 'firm', palette, pictogram: FIRM_PICTOGRAM[f.username] ?? look.pictogram }),
      phone: f.phone,
      email: `hello@${domain}`,
      website: f.noWebsite ? null : `https://www.${domain}`,
      address_line: f.address,
      city: f.city,
      country: f.country,
      latitude: f.lat,
      longitude: f.lng,
      opening_hours: JSON.stringify(typeof f.hours === 'string' ? HOURS[f.hours] : f.hours),
      timezone: f.timezone,
      min_age: f.minAge ?? 0,
      language: f.language,
      takes_orders: f.takesOrders ? 1 : 0,
      status_code: 1,
      created_at: iso(created),
      plan_key: DEMO_PLANS[f.username]?.plan ?? 'free',
      plan_renews_at: DEMO_PLANS[f.username] ? iso(nowMs + 20 * DAY) : null,
    });

    (f.menus ?? []).forEach((menu, menuIndex) => {
      const menuId = ids.id();
      rows.menus.push({
        id: menuId,
        short_id: ids.shortId(),
        firm_id: id,
        name: menu.name,
        description: menu.description ?? null,
        sort: menuIndex + 1,
      });
      // the menu's unnamed section, with its id (as migration 0077 makes them)
      rows.menu_sections.push({ id: menuId, menu_id: menuId, firm_id: id, name: null, sort: 1 });
      menu.items.forEach((item, itemIndex) => {
        const itemId = ids.id();
        itemIdByName.set(item.name, itemId);
        const tags = item.tags ?? [];
        const drink = tags.includes('alcohol') || DRINK.test(item.name);
        rows.menu_items.push({
          id: itemId,
          short_id: ids.shortId(),
          menu_id: menuId,
          section_id: menuId,
          firm_id: id,
          name: item.name,
          description: item.description,
          price_minor: minor(item.price),
          currency: f.currency,
          image_path: item.noImage
            ? null
            : picture(
                drink
                  ? { layout: 'drink', palette, pictogram: tags.includes('alcohol') ? 'wine' : 'cup' }
                  : { layout: 'dish', palette: random.pick(ALL_PALETTES) },
              ),
          tags: JSON.stringify(tags),
          available: item.unavailable ? 0 : 1,
          sort: itemIndex + 1,
        });
      });
    });

    for (const product of f.products ?? []) {
      const productId = ids.id();
      productIdByName.set(product.name, productId);
      rows.products.push({
        id: productId,
        short_id: ids.shortId(),
        firm_id: id,
        name: product.name,
        description: product.description,
        price_minor: minor(product.price),
        currency: f.currency,
        image_path: picture({
          layout: 'product',
          palette: random.pick(look.palettes),
          pictogram: FIRM_PICTOGRAM[f.username] ?? look.pictogram,
        }),
        stock: product.stock,
        sold: 0,
        created_at: iso(created + random.int(1, 90) * DAY),
      });
    }
  }

  const firm = (username: string) => {
    const found = firmByUsername.get(username);
    if (!found) throw new Error(`Unknown firm ${username}`);
    return found;
  };
  const user = (key: string) => {
    const found = userId.get(key);
    if (!found) throw new Error(`Unknown user ${key}`);
    return found;
  };

  // Owners and employees.
  for (const f of ALL_FIRMS) {
    const owner = OWNERS[f.username];
    if (!owner) throw new Error(`No owner for ${f.username}`);
    const { id, created } = firm(f.username);
    rows.employments.push({
      id: ids.id(),
      firm_id: id,
      user_id: user(owner),
      user_role: 'OWNER',
      profession: f.language === 'ar' ? 'المالك' : f.language === 'fr' ? 'Propriétaire' : 'Founder',
      active: 1,
      created_at: iso(created),
    });
  }
  for (const s of STAFF) {
    const { id, created } = firm(s.firm);
    rows.employments.push({
      id: ids.id(),
      firm_id: id,
      user_id: user(s.user),
      user_role: s.role,
      profession: s.profession,
      active: 1,
      created_at: iso(created + random.int(10, 100) * DAY),
    });
  }

  // The paid plans' invoices: one month, paid ten days ago by the owner.
  for (const [username, paid] of Object.entries(DEMO_PLANS)) {
    const { id } = firm(username);
    const start = nowMs - 10 * DAY;
    rows.invoices.push({
      id: ids.id(),
      firm_id: id,
      number: `SOUK-${iso(start).slice(0, 10).replace(/-/g, '')}-DEMO${String(rows.invoices.length + 1).padStart(4, '0')}`,
      plan_key: paid.plan,
      amount_minor: paid.priceMinor,
      currency: 'EUR',
      period_start: iso(start),
      period_end: iso(nowMs + 20 * DAY),
      status: 'paid',
      provider: 'sandbox',
      payment_ref: null,
      issued_by: user(OWNERS[username]),
      created_at: iso(start),
    });
  }

  // Events, their ticket categories and add-ons.
  const eventIdByName = new Map<string, string>();
  for (const e of EVENTS) {
    const host = firm(e.firm);
    const [hh, mm] = e.at.split(':').map(Number) as [number, number];
    const weekday = new Date(today + e.inDays * DAY).getUTCDay();
    const days = e.on === undefined ? e.inDays : e.inDays + ((e.on - weekday + 7) % 7);
    const start = today + days * DAY + (hh - host.seed.utcOffset) * HOUR + mm * 60_000;
    const eventId = ids.id();
    eventIdByName.set(e.name, eventId);
    let palette = random.pick(ALL_PALETTES);
    if (palette === host.palette) palette = random.pick(ALL_PALETTES);
    rows.events.push({
      id: eventId,
      short_id: ids.shortId(),
      firm_id: host.id,
      name: e.name,
      description: e.description,
      image_path: picture({ layout: 'event', palette, pictogram: EVENT_PICTOGRAM[e.type] ?? 'ticket' }),
      start_date_time: iso(start),
      end_date_time: iso(start + e.hours * HOUR),
      type_key: e.type,
      capacity: e.categories.reduce((sum, c) => sum + c.capacity, 0),
      sold: 0,
      currency: host.seed.currency,
      age_limit: e.ageLimit ?? 0,
      status_code: 1,
      visibility: 1,
      created_at: iso(nowMs - random.int(3, 40) * DAY),
    });
    e.categories.forEach((c, index) =>
      rows.ticket_categories.push({
        id: ids.id(),
        event_id: eventId,
        name: c.name,
        description: c.description,
        price_minor: minor(c.price),
        capacity: c.capacity,
        sold: 0,
        sort: index + 1,
      }),
    );
    (e.addons ?? []).forEach((a, index) =>
      rows.event_addons.push({ id: ids.id(), event_id: eventId, name: a.name, price_minor: minor(a.price), sort: index + 1 }),
    );
  }

  // Blog posts, published in the last four months.
  const blogIdByName = new Map<string, string>();
  for (const b of BLOG_POSTS) {
    const author = firm(b.firm);
    const published = nowMs - b.daysAgo * DAY - random.int(1, 10) * HOUR;
    const postId = ids.id();
    blogIdByName.set(b.name, postId);
    rows.blog_posts.push({
      id: postId,
      short_id: ids.shortId(),
      firm_id: author.id,
      name: b.name,
      short_summary: b.summary,
      content: b.html,
      image_path: picture({ layout: 'blog', palette: random.pick(ALL_PALETTES), pictogram: BLOG_PICTOGRAM[b.category] ?? 'news' }),
      category_key: b.category,
      status_code: 1,
      published_date: iso(published),
      created_at: iso(published - random.int(1, 4) * DAY),
    });
  }

  // Friendships, follows, saved items.
  const friendCount = new Map<string, number>();
  for (const f of FRIENDSHIPS) {
    const [requester, addressee] = [user(f.pair[0]), user(f.pair[1])];
    rows.friendships.push({
      id: ids.id(),
      requester_id: requester,
      addressee_id: addressee,
      status: f.pending ? FRIENDSHIP_STATUS.pending : FRIENDSHIP_STATUS.accepted,
      created_at: iso(nowMs - (f.pending ? random.int(1, 6) : random.int(8, 200)) * DAY),
      pair_key: requester < addressee ? `${requester}:${addressee}` : `${addressee}:${requester}`,
    });
    if (!f.pending) for (const id of [requester, addressee]) friendCount.set(id, (friendCount.get(id) ?? 0) + 1);
  }
  // the stored friend count each friendship moves (src/server/modules/friendships)
  for (const row of rows.users) row.total_friends = friendCount.get(row.id) ?? 0;
  const firmIds = ALL_FIRMS.map((f) => firm(f.username).id);
  for (const u of USERS) {
    for (const firmId of random.sample(firmIds, random.int(3, 9))) {
      rows.follows.push({ user_id: user(u.email), firm_id: firmId, created_at: iso(nowMs - random.int(1, 30) * DAY) });
    }
  }
  const savable: { id: string; code: number }[] = [
    ...firmIds.map((id) => ({ id, code: ENTITY_TYPE.FIRM })),
    ...[...eventIdByName.values()].map((id) => ({ id, code: ENTITY_TYPE.EVENT })),
    ...[...blogIdByName.values()].map((id) => ({ id, code: ENTITY_TYPE.BLOG })),
    ...[...productIdByName.values()].map((id) => ({ id, code: ENTITY_TYPE.PRODUCT })),
  ];
  for (const u of USERS.slice(0, 10)) {
    for (const item of random.sample(savable, random.int(2, 5))) {
      rows.saved_items.push({
        id: ids.id(),
        user_id: user(u.email),
        entity_id: item.id,
        entity_type_code: item.code,
        created_at: iso(nowMs - random.int(1, 20) * DAY),
      });
    }
  }

  // The featured showroom.
  FEATURED.forEach(([kind, key], index) => {
    const [entityId, code] =
      kind === 'firm'
        ? [firmByUsername.get(key)?.id, ENTITY_TYPE.FIRM]
        : kind === 'event'
          ? [eventIdByName.get(key), ENTITY_TYPE.EVENT]
          : kind === 'blog'
            ? [blogIdByName.get(key), ENTITY_TYPE.BLOG]
            : kind === 'product'
              ? [productIdByName.get(key), ENTITY_TYPE.PRODUCT]
              : [itemIdByName.get(key), ENTITY_TYPE.MENU_ITEM];
    if (!entityId) throw new Error(`Featured ${kind} not found: ${key}`);
    rows.featured_items.push({ id: ids.id(), entity_id: entityId, entity_type_code: code, sort: index + 1 });
  });

  return { rows, pictures };
}
