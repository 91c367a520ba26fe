import { CompiledQuery, sql, type KyselyPlugin, type Transaction } from 'kysely';
import type { Database } from './schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../testing/marketplace-fixtures';
import { encodeCursor } from '../../shared/paging';

/** the tables that grow with the marketplace: a read that walks one of them whole slows every page that makes it */
const LARGE = [
  'orders',
  'order_lines',
  'tickets',
  'payments',
  'follows',
  'saved_items',
  'conversations',
  'messages',
  'events',
  'firms',
  'blog_posts',
  'products',
  'menu_items',
  'customer_summaries',
  'customer_dirty',
];

const market = useMarketplace();
const members = useMembers(market);

/** every read the app runs while answering `path` (as the member of `cookie`), captured as compiled: the same app, its database wrapped */
async function statementsOf(path: string, cookie?: string): Promise<CompiledQuery[]> {
  const statements: CompiledQuery[] = [];
  const db = market.ctx.deps.db;
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const app = await market.ctx.sibling({ ...market.ctx.deps, db: db.withPlugin(capture) });
  const response = await app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
  expect(response.status, path).toBe(200);
  return statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.sql));
}

/**
 * the large tables a statement reads, by name and by alias, as Kysely quotes them or as raw SQL writes them
 * (`customer_summaries c`): SQLite's plan names an aliased table by its alias alone
 */
function namesOfLarge(text: string): string[] {
  const aliases = [...text.matchAll(/"(\w+)" as "(\w+)"/g), ...text.matchAll(/\b(\w+)(?= (?:as )?(\w+)\b)/g)]
    .filter(([, table]) => LARGE.includes(table))
    .map(([, , alias]) => alias);
  return [...LARGE, ...aliases];
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PostgresPlanNode[];
}

/** each index of the schema: its table, and its leading column (none for an expression) */
type IndexLeads = Map<string, { table: string; lead: string | null }>;

async function indexLeads(trx: Transaction<Database>): Promise<IndexLeads> {
  const { rows } = await sql<{ index: string; table: string; lead: string | null }>`
    select i.relname as index, t.relname as table, a.attname as lead
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
    where t.relnamespace = 'public'::regnamespace`.execute(trx);
  return new Map(rows.map((row) => [row.index, { table: row.table, lead: row.lead }]));
}

/**
 * The nodes of a PostgreSQL plan that read a large table whole: a sequential scan, or an index
 * walked end to end, which is what the planner falls back to with scans priced out when no index
 * fits the read: no index condition, or one on other columns than the index's first (PostgreSQL
 * then reads every entry of the index to test them).
 */
function postgresFullScans(node: PostgresPlanNode, leads: IndexLeads): string[] {
  const type = node['Node Type'];
  const index = node['Index Name'] ? leads.get(node['Index Name']) : undefined;
  const table = node['Relation Name'] ?? index?.table ?? '';
  const condition = node['Index Cond'];
  const unled = Boolean(index?.lead && condition && !new RegExp(`\\b${index.lead}\\b`).test(condition));
  const whole = type === 'Seq Scan' || (/Index (Only )?Scan$/.test(type) && (!condition || unled));
  const here = whole && LARGE.includes(table) ? [`${type}${node['Index Name'] ? ` using ${node['Index Name']}` : ''} on ${table}`] : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => postgresFullScans(child, leads))];
}

/** the steps of a statement's plan that read a large table from end to end */
async function fullScans(statement: CompiledQuery): Promise<string[]> {
  const sqlite = market.ctx.deps.dialect === 'sqlite';
  const steps = await market.ctx.deps.db.transaction().execute(async (trx) => {
    if (sqlite) {
      const explain = CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]);
      const scan = new RegExp(`^SCAN (${namesOfLarge(statement.sql).join('|')})\\b`);
      const plan = await trx.executeQuery<{ detail: string }>(explain);
      return plan.rows.map((row) => row.detail).filter((detail) => scan.test(detail));
    }
    // PostgreSQL prefers a scan on tables as small as the fixture's whatever the indexes: with scans
    // priced out (for this transaction only), a scan that is left means no index can serve the read
    await sql`set local enable_seqscan = off`.execute(trx);
    const explain = CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PostgresPlanNode }] }>(explain);
    return postgresFullScans(plan.rows[0]['QUERY PLAN'][0].Plan, await indexLeads(trx));
  });
  return steps.map((step) => `${step}\n  in ${statement.sql}`);
}

/** every statement of the read at `path` planned, and the full scans of large tables among their steps */
async function fullScansOf(path: string, cookie?: string): Promise<string[]> {
  const statements = await statementsOf(path, cookie);
  expect(statements.length, path).toBeGreaterThan(0);
  return (await Promise.all(statements.map(fullScans))).flat();
}

describe('hot public reads find their rows through indexes', () => {
  it.each([
    ['the explore list of firms', '/api/public/firms?page=0&size=20'],
    ['the explore list of an industry', '/api/user/explore/foodandbeverage'],
    ['the explore list of events', '/api/user/explore/events'],
    ["a firm's page", '/api/public/firms/u/cafelumiere'],
    ['an event', '/api/public/events/sid/evte1xx'],
    ['the list of blog posts', '/api/public/blog-posts?page=0&size=20'],
    ['a blog post', '/api/public/blog-posts/sid/blogb1xx'],
    ['the search of every kind', '/api/public/search?q=cafe'],
    ['a page of one kind past its end, counted apart', '/api/public/search/firms?q=cafe&page=5'],
    ['the search of events, by word or type', '/api/public/search/events?q=concert'],
    ['the firm list by name', '/api/public/firms?page=0&size=20&name=cafe'],
  ])('%s', async (_name, path) => {
    expect(await fullScansOf(path)).toEqual([]);
  });
});

describe("a member's hot reads find their rows through indexes", () => {
  it.each([
    ['the feed of updates', '/api/user/updates'],
    ['the conversations', '/api/user/conversations'],
    ['the firms followed', '/api/user/profile/following'],
  ])('%s', async (_name, path) => {
    expect(await fullScansOf(path, members.alice)).toEqual([]);
  });
});

/** a keyset page's cursor: after a row of this time and id */
const after = (time: string, id: string) => encodeCursor([time, id]);

describe("the workspace's lists find their rows through indexes", () => {
  // alice runs the café, where bob has written
  beforeAll(async () => {
    const { db } = market.ctx.deps;
    const created = '2026-05-01T00:00:00.000Z';
    await db
      .insertInto('employments')
      .values({ id: 'plan-owner', firm_id: 'f1', user_id: 'alice', user_role: 'OWNER', profession: null, active: 1, created_at: created })
      .execute();
    await db
      .insertInto('conversations')
      .values({ id: 'plan-conv', firm_id: 'f1', customer_id: 'bob', created_at: created, last_message_at: created, blocked_at: null })
      .execute();
  });

  it.each([
    ['the orders', '/api/dashboard/orders?firmId=f1'],
    ['a deep page of the orders, by cursor', `/api/dashboard/orders?firmId=f1&cursor=${after('2026-04-01T00:00:00.000Z', 'o1')}`],
    [
      'a deep page of one status, by cursor',
      `/api/dashboard/orders?firmId=f1&status=paid&cursor=${after('2026-04-01T00:00:00.000Z', 'o1')}`,
    ],
    ['the customers', '/api/dashboard/customers?firmId=f1'],
    ['a deep page of the customers, by cursor', `/api/dashboard/customers?firmId=f1&cursor=${after('2026-04-01T00:00:00.000Z', 'u1')}`],
    ['the followers', '/api/dashboard/followers?firmId=f1'],
    ['a deep page of the followers, by cursor', `/api/dashboard/followers?firmId=f1&cursor=${after('2026-04-01T00:00:00.000Z', 'u1')}`],
    ['the conversations', '/api/dashboard/conversations?firmId=f1'],
    ['the messages of a conversation', '/api/dashboard/conversations/plan-conv/messages'],
  ])('%s', async (_name, path) => {
    expect(await fullScansOf(path, members.alice)).toEqual([]);
  });
});
