import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { channels } from '../../lib/realtime';
import { notify } from './notify';
import { personRow } from '../../testing/marketplace-fixtures';

const PEOPLE = 5000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const people = Array.from({ length: PEOPLE }, (_, n) => personRow(`staff${n}`));
  for (let start = 0; start < PEOPLE; start += 500)
    await ctx.deps.db
      .insertInto('users')
      .values(people.slice(start, start + 500))
      .execute();
}, 60_000);
afterAll(() => ctx.close());

describe('a notice to a whole staff', () => {
  it('reaches 5,000 people with their unread count from a few statements, not a read per person', async () => {
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const received = new Map<string, unknown>();
    const stops = Array.from({ length: PEOPLE }, (_, n) =>
      ctx.deps.realtime.subscribe([channels.user(`staff${n}`)], (event) => received.set(`staff${n}`, event.data)),
    );
    await notify(
      { ...ctx.deps, db: ctx.deps.db.withPlugin(counting) },
      {
        to: Array.from({ length: PEOPLE }, (_, n) => `staff${n}`),
        kind: 'message.customer',
        params: { senderName: 'Ann', firmName: 'Café', firmId: 'f1', conversationId: 'c1' },
      },
    );
    for (const stop of stops) stop();
    expect(received.size).toBe(PEOPLE);
    expect(received.get('staff4999')).toEqual({ unread: 1 });
    const stored = await ctx.deps.db
      .selectFrom('notifications')
      .select(ctx.deps.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(PEOPLE);
    // the people, their settings, ten inserts of 500, five counts and five reads of push subscriptions of 1,000
    expect(statements.length).toBeLessThan(40);
  }, 60_000);
});
