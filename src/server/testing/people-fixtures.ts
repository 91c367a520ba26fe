import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from './test-app';
import { insertMarketplace, insertPerson, login } from './marketplace-fixtures';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A test file's app on a fresh database with the fixture marketplace and the people named
 * (ids = names, emails `<name>@example.com`), each signed in: `people.cookie('ann')`,
 * `people.call('ann', 'POST', path, body)`.
 */
export function usePeople(
  names: string[],
  options: {
    envOverrides?: Record<string, string>;
    extra?: Record<string, Partial<Insertable<Database['users']>>>;
    clock?: () => Date;
  } = {},
) {
  let ctx: TestContext | undefined;
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createTestContext({ envOverrides: options.envOverrides, ...(options.clock ? { clock: options.clock } : {}) });
    await insertMarketplace(ctx.deps.db);
    for (const name of names) await insertPerson(ctx.deps.db, name, options.extra?.[name]);
    for (const name of names) cookies.set(name, await login(ctx, `${name}@example.com`));
  });
  afterAll(() => ctx?.close());
  const context = () => {
    if (!ctx) throw new Error('usePeople(): the context exists once beforeAll has run');
    return ctx;
  };
  /** a JSON request as `name` (or signed out with `null`): status and parsed body */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field; the contract test types them
  async function call<T = any>(name: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await context().request(path, {
      method,
      headers: {
        ...(name ? { Cookie: cookies.get(name)! } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    get ctx() {
      return context();
    },
    cookie: (name: string) => cookies.get(name)!,
    call,
  };
}
