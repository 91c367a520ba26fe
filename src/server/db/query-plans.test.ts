import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../testing/marketplace-fixtures';

/** the tables that grow with the marketplace: a read that walks one of them whole slows every page that makes it */
const LARGE = ['orders', 'tickets', 'payments', 'follows', 'saved_items', 'messages', 'events', 'firms', 'blog_posts'];

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

/** the large tables a statement reads, by name and by alias: SQLite's plan names an aliased table by its alias alone */
function namesOfLarge(text: string): string[] {
  const aliases = [...text.matchAll(/"(\w+)" as "(\w+)"/g)].filter(([, table]) => LARGE.includes(table)).map(([, , alias]) => alias);
  return [...LARGE, ...aliases];
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PostgresPlanNode[];
}

/**
 * The nodes of a PostgreSQL plan that read a large table whole: a sequential scan, or an index
 * walked end to end (no index condition), which is what the planner falls back to with scans
 * priced out when no index fits the read.
 */
function postgresFullScans(node: PostgresPlanNode): string[] {
  const type = node['Node Type'];
  const whole = type === 'Seq Scan' || ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond']);
  const here = whole && LARGE.includes(node['Relation Name'] ?? '') ? [`${type} on ${node['Relation Name']}`] : [];
  return [...here, ...(node.Plans ?? []).flatMap(postgresFullScans)];
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
    return postgresFullScans(plan.rows[0]['QUERY PLAN'][0].Plan);
  });
  return steps.map((step) => `${step}\n  in ${statement.sql}`);
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
  ])('%s', async (_name, path) => {
    const statements = await statementsOf(path);
    expect(statements.length, path).toBeGreaterThan(0);
    const scans = (await Promise.all(statements.map(fullScans))).flat();
    expect(scans).toEqual([]);
  });
});

describe("a member's hot reads find their rows through indexes", () => {
  it.each([
    ['the feed of updates', '/api/user/updates'],
    ['the conversations', '/api/user/conversations'],
    ['the firms followed', '/api/user/profile/following'],
  ])('%s', async (_name, path) => {
    const statements = await statementsOf(path, members.alice);
    expect(statements.length, path).toBeGreaterThan(0);
    const scans = (await Promise.all(statements.map(fullScans))).flat();
    expect(scans).toEqual([]);
  });
});
