/**
 * The standing fuzz suite: every operation of the OpenAPI document, so a route added
 * later is fuzzed without anyone writing a line here, gets property-based requests (fast-check):
 * wrong types, huge and unicode strings (naughty-strings.ts), deep nesting, negative and huge
 * numbers, bad ids and path segments, wrong content types, as a stranger, as a firm's owner and
 * anonymously. Every answer must be below 500, in problem details when it is an error, and say
 * nothing of the server's insides (a stack, a file path, SQL); the server must be healthy after.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../testing/test-app';
import { FIXTURE_NOW, insertMarketplace, insertPerson, login } from '../testing/marketplace-fixtures';
import { NAUGHTY_STRINGS } from '../testing/naughty-strings';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema?: Schema };
}

const FUZZ_RUNS = 1200;
const ACTORS = ['anonymous', 'stranger', 'owner'] as const;
type Actor = (typeof ACTORS)[number];

let ctx: TestContext;
let doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
let operations: Operation[];
const cookies: Record<Actor, string> = { anonymous: '', stranger: '', owner: '' };
/** ids that exist, so that some requests get past "not found" to the code behind it */
let knownIds: string[] = [];
let sent = 0;
const statuses = new Map<number, number>();

async function signIn() {
  cookies.stranger = await login(ctx, 'fuzz-stranger@example.com');
  cookies.owner = await login(ctx, 'fuzz-owner@example.com');
}

beforeAll(async () => {
  // Each request comes from its own address (TRUST_PROXY=1 and a random X-Forwarded-For), so the
  // rate limits do not turn the whole run into 429s.
  // Google sign-in configured (unconfigured it answers 503 on purpose), its keys on a closed port.
  ctx = await createTestContext({
    clock: () => FIXTURE_NOW,
    envOverrides: { TRUST_PROXY: '1', GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks' },
  });
  await insertMarketplace(ctx.deps.db);
  await insertPerson(ctx.deps.db, 'fuzz-stranger', { email: 'fuzz-stranger@example.com' });
  await insertPerson(ctx.deps.db, 'fuzz-owner', { email: 'fuzz-owner@example.com' });
  await ctx.deps.db
    .insertInto('employments')
    .values({
      id: 'emp-fuzz',
      firm_id: 'f1',
      user_id: 'fuzz-owner',
      user_role: 'OWNER',
      profession: null,
      active: 1,
      created_at: '2026-01-02T00:00:00.000Z',
    })
    .execute();
  await signIn();
  const firms = await ctx.deps.db.selectFrom('firms').select(['id', 'short_id', 'username']).execute();
  const events = await ctx.deps.db.selectFrom('events').select(['id', 'short_id']).execute();
  const posts = await ctx.deps.db.selectFrom('blog_posts').select(['id', 'short_id']).execute();
  const users = await ctx.deps.db.selectFrom('users').select(['id', 'flip']).execute();
  knownIds = [
    ...firms.flatMap((f) => [f.id, f.short_id, f.username]),
    ...events.flatMap((e) => [e.id, e.short_id]),
    ...posts.flatMap((p) => [p.id, p.short_id]),
    ...users.flatMap((u) => [u.id, u.flip]),
  ];

  doc = await (await ctx.request('/api/openapi.json')).json();
  operations = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = operation.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: type ? { type, schema: content[type].schema } : undefined,
      });
    }
  }
}, 120_000);
afterAll(() => ctx?.close());

// ---------------------------------------------------------------------------------------------
// Values

const naughty = fc.constantFrom(...NAUGHTY_STRINGS);
const anyText = fc.oneof(
  naughty,
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1, -2147483649, 2 ** 53 + 1, 1e308, -1e308, 0.5, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Nesting far deeper than any schema: parsers and validators must not fall over. */
const deep = fc.integer({ min: 50, max: 800 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  anyNumber,
  fc.boolean(),
  fc.constant(null),
  deep,
  fc.array(anyText, { maxLength: 5 }),
  fc.dictionary(anyText, anyText, { maxKeys: 5 }),
  fc.constant({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
);

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; current.$ref && i < 10; i++) current = doc.components.schemas[current.$ref.split('/').pop()!] ?? {};
  return current;
}

/** A value shaped like `schema` (valid or nearly), any of whose parts may be junk instead. */
function shaped(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if (depth > 4) return junk;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => shaped(choice, depth + 1)));
  if (schema.allOf?.length) return shaped(Object.assign({}, ...schema.allOf.map(resolve)), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  let valid: fc.Arbitrary<unknown>;
  if (schema.enum?.length) valid = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) valid = fc.constant(schema.const);
  else if (type === 'string') {
    valid =
      schema.format === 'email'
        ? fc.emailAddress()
        : schema.format === 'date'
          ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
          : schema.format === 'date-time'
            ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
            : fc.oneof(
                fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }),
                fc.constantFrom(...knownIds),
              );
  } else if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? -1000;
    const max = schema.maximum ?? 1000;
    valid = fc.oneof(fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) }), anyNumber);
  } else if (type === 'boolean') valid = fc.boolean();
  else if (type === 'array') valid = fc.array(shaped(schema.items, depth + 1), { maxLength: 4 });
  else if (type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    valid = fc
      .tuple(
        fc.record(Object.fromEntries(properties.map(([name, property]) => [name, shaped(property, depth + 1)])), { requiredKeys: [] }),
        fc.dictionary(anyText, junk, { maxKeys: 2 }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
  } else valid = junk;
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: junk, weight: 1 });
}

/** What may stand in a path segment: ids that exist, naughty strings, raw broken escapes. */
const segment = fc
  .oneof(
    { arbitrary: fc.constantFrom(...['f1', 'sidf1', 'e1', 'p1', 'img1', 'missing-id', '0', '-1', '99999999999999999999']), weight: 3 },
    { arbitrary: fc.constant(null).map(() => knownIds[Math.floor(Math.random() * knownIds.length)] ?? 'x'), weight: 2 },
    { arbitrary: naughty.map((value) => ({ raw: false, value })), weight: 3 },
    { arbitrary: fc.constantFrom('%', '%E0%A4%A', '..%2F..%2F', '%00', '.', '..', '%2F'), weight: 1 },
  )
  .map((value) => (typeof value === 'string' ? { raw: false, value } : value) as { raw: boolean; value: string });

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: its UTF-8 bytes, which decoders refuse
  }
}

interface FuzzRequest {
  operation: Operation;
  actor: Actor;
  address: string;
  path: string;
  query: [string, string][];
  contentType?: string;
  body?: string;
  /** every string we sent: an answer may quote them back, that is not a leak */
  sentStrings: string[];
}

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const bodyKind = fc.constantFrom('schema', 'schema', 'schema', 'invalid-json', 'wrong-type', 'none', 'huge', 'form', 'multipart');
  return fc
    .record({
      actor: fc.constantFrom(...ACTORS),
      address: fc.ipV4(),
      segments: fc.tuple(...pathParams.map(() => segment)),
      query: fc.tuple(...queryParams.map((p) => fc.option(shaped(p.schema), { nil: undefined }))),
      extraQuery: fc.array(fc.tuple(anyText, anyText), { maxLength: 2 }),
      bodyKind,
      bodyValue: operation.body?.schema ? shaped(operation.body.schema) : junk,
      junkText: anyText,
    })
    .map(({ actor, address, segments, query, extraQuery, bodyKind, bodyValue, junkText }) => {
      const sentStrings: string[] = [];
      let path = operation.path;
      pathParams.forEach((param, index) => {
        const { raw, value } = segments[index];
        sentStrings.push(value);
        path = path.replace(`{${param.name}}`, raw ? value : encodeSegment(value));
      });
      const pairs: [string, string][] = [];
      queryParams.forEach((param, index) => {
        if (query[index] === undefined) return;
        const value = typeof query[index] === 'string' ? (query[index] as string) : JSON.stringify(query[index]);
        pairs.push([param.name, value]);
      });
      for (const pair of extraQuery) pairs.push(pair);
      for (const [key, value] of pairs) sentStrings.push(key, value);
      let contentType: string | undefined;
      let body: string | undefined;
      const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
      if (hasBody) {
        const json = JSON.stringify(bodyValue) ?? 'null';
        switch (bodyKind) {
          case 'schema':
            contentType = operation.body?.type === 'multipart/form-data' ? 'multipart/form-data; boundary=fuzz' : 'application/json';
            body =
              contentType === 'application/json'
                ? json
                : `--fuzz\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\n${junkText}\r\n--fuzz--\r\n`;
            break;
          case 'invalid-json':
            contentType = 'application/json';
            body = json.slice(0, Math.max(1, json.length - 1)) + '{';
            break;
          case 'wrong-type':
            contentType = 'text/plain';
            body = json;
            break;
          case 'huge':
            contentType = 'application/json';
            body = JSON.stringify({ value: 'x'.repeat(70_000) });
            break;
          case 'form':
            contentType = 'application/x-www-form-urlencoded';
            body = new URLSearchParams({ [junkText]: json }).toString();
            break;
          case 'multipart':
            contentType = 'multipart/form-data; boundary=broken';
            body = `--broken\r\nContent-Disposition: form-data; name="${junkText.replace(/["\r\n]/g, '')}"\r\n\r\n${junkText}`;
            break;
          default:
            break;
        }
        sentStrings.push(json, junkText);
      }
      return { operation, actor, address, path, query: pairs, contentType, body, sentStrings };
    });
}

// ---------------------------------------------------------------------------------------------
// Sending and judging

/** What no answer may contain: a stack frame, a path of this machine, a database's words. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S|\bat [\w$.<>]+ \(.*:\d+:\d+\)/],
  ['a file path', /(\/(work|home|root|usr|tmp|var|srv|app)\/|node_modules|\.(ts|tsx|mjs|cjs):\d+|file:\/\/)/],
  [
    'SQL',
    /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b.*\b(FROM|WHERE|VALUES)\b|SQLITE_[A-Z]+|syntax error at or near|\brelation "\w+"|duplicate key value|violates (foreign key|unique|not-null) constraint/,
  ],
  [
    'an internal error',
    /\b(TypeError|ReferenceError|RangeError|SyntaxError|URIError|Cannot read propert|is not a function|undefined is not)\b/,
  ],
];

function withoutEchoes(text: string, sentStrings: string[]): string {
  let out = text;
  for (const value of sentStrings) {
    if (value.length < 3) continue;
    for (const form of [value, JSON.stringify(value).slice(1, -1)]) out = out.split(form).join('');
  }
  return out;
}

async function send(request: FuzzRequest): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(`${TEST_ORIGIN}${request.path}`);
  // set, not append: the URL keeps what the path already carried
  for (const [key, value] of request.query) url.searchParams.append(key, value);
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, 'X-Forwarded-For': request.address };
  if (request.contentType) headers['Content-Type'] = request.contentType;
  if (cookies[request.actor]) headers.Cookie = cookies[request.actor];
  const response = await ctx.app.request(url.toString(), { method: request.operation.method, headers, body: request.body });
  await ctx.deps.background.settled();
  sent += 1;
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const type = response.headers.get('content-type') ?? '';
  // a stream (server-sent events) never ends: its status is what counts
  if (type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, text: '' };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Our own answers: JSON and text (the API reference's page and script are a library's, not ours).
  const text = /^(application\/(problem\+)?json|text\/plain)/.test(type) ? new TextDecoder().decode(bytes) : '';
  return { status: response.status, type, text };
}

function judge(request: FuzzRequest, answer: { status: number; type: string; text: string }): void {
  const where = `${request.operation.method} ${request.path} as ${request.actor} (${request.contentType ?? 'no body'})`;
  expect(answer.status, `${where} answered ${answer.status}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(answer.type, `${where}: an error is problem details`).toMatch(/^application\/problem\+json/);
  const text = withoutEchoes(answer.text, request.sentStrings);
  for (const [what, pattern] of LEAKS) expect(pattern.test(text), `${where} mentions ${what}: ${text.slice(0, 400)}`).toBe(false);
}

// ---------------------------------------------------------------------------------------------

describe('fuzzing every route of the OpenAPI document', () => {
  it('has routes to fuzz, read from the document (a route added later is fuzzed too)', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/iam/login/email');
  });

  it('answers every operation sanely for the classic bad inputs', async () => {
    const nasty = ['%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', encodeSegment('\u0000'), encodeSegment('x'.repeat(5000)), '-1'];
    for (const operation of operations) {
      const pathParams = operation.parameters.filter((p) => p.in === 'path');
      const paths = pathParams.length
        ? nasty.map((value) => pathParams.reduce((path, param) => path.replace(`{${param.name}}`, value), operation.path))
        : [operation.path];
      for (const path of paths) {
        for (const actor of ['anonymous', 'owner'] as const) {
          for (const [contentType, body] of [
            [undefined, undefined],
            ['application/json', '{"a":'],
            ['application/json', '['.repeat(10_000) + ']'.repeat(10_000)],
          ] as const) {
            if ((operation.method === 'GET' || operation.method === 'HEAD') && body !== undefined) continue;
            const request: FuzzRequest = { operation, actor, address: '192.0.2.1', path, query: [], contentType, body, sentStrings: nasty };
            judge(request, await send(request));
          }
        }
      }
    }
  }, 120_000);

  it(`answers ${FUZZ_RUNS} property-based requests below 500, in problem details, without leaking`, async () => {
    const started = performance.now();
    const before = sent;
    let sinceSignIn = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.length - 1 }).chain((index) => requestFor(operations[index])),
        async (request) => {
          // a fuzzed logout or "revoke other sessions" signs the actors out: sign them in again now and then
          if (++sinceSignIn >= 150) {
            sinceSignIn = 0;
            await signIn();
          }
          judge(request, await send(request));
        },
      ),
      { numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    // The figure the closing note quotes.
    console.info(
      `fuzz: ${sent - before} property-based requests in ${seconds.toFixed(1)} s (${sent} with the sweep) over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(sent - before).toBeGreaterThanOrEqual(1000);
  }, 180_000);

  it('leaves the server healthy', async () => {
    const health = await ctx.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect((await ctx.request('/api/user/explore/firms')).status).toBeLessThan(500);
    await signIn();
    const check = await ctx.request('/api/iam/auth/check-session', { headers: { Cookie: cookies.owner } });
    expect(await check.json()).toMatchObject({ success: true });
  });
});
