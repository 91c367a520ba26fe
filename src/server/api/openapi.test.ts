import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  parameters?: { in: string; name: string }[];
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let ctx: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await response.json()) as OpenApiDocument;
});
afterAll(() => ctx.close());

/** `GET /api/public/firms/u/{username}` for every method and path of the document. */
function documented(): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) operations.add(`${method.toUpperCase()} ${path}`);
  }
  return operations;
}

/**
 * Every route the app answers, from Hono's own route list: middleware (`use`, method ALL), the
 * `/api/*` 404 and the pages' `*` (client routes and static files, not API) are not operations.
 */
function registered(): Set<string> {
  const operations = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || route.path === '/*') continue;
    operations.add(`${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`);
  }
  return operations;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    // every $ref points at a component that is there
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('declares every route the app registers, and only those', () => {
    const app = registered();
    const declared = documented();
    expect([...app].filter((operation) => !declared.has(operation))).toEqual([]);
    expect([...declared].filter((operation) => !app.has(operation))).toEqual([]);
    // a sample of each base, so an empty walk cannot pass
    for (const operation of [
      'GET /api/health',
      'POST /api/iam/login/email',
      'GET /api/user/explore/industries',
      'GET /api/public/firms/u/{username}',
      'POST /api/public/events',
      'DELETE /api/user/user-saved/{id}',
      'GET /media/{id}/{file}',
      'GET /api/openapi.json',
    ]) {
      expect(declared, operation).toContain(operation);
    }
    expect(app.size).toBeGreaterThan(40);
  });

  it('gives every operation a summary, a tag, a success answer and problem-details errors', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toBeTruthy();
        expect(operation.tags?.length, name).toBeGreaterThan(0);
        expect(
          Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
          name,
        ).toBe(true);
        expect(operation.responses.default?.content?.['application/problem+json']?.schema?.$ref, name).toBe('#/components/schemas/Problem');
        for (const [status, response] of Object.entries(operation.responses)) {
          if (/^[45]\d\d$/.test(status) && status !== '503') {
            expect(response.content?.['application/problem+json']?.schema?.$ref, `${name} ${status}`).toBe('#/components/schemas/Problem');
          }
        }
        // every {param} of the path is declared
        for (const [, param] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(
            operation.parameters?.some((p) => p.in === 'path' && p.name === param),
            `${name} {${param}}`,
          ).toBe(true);
        }
      }
    }
  });

  it('names every operation with a unique operationId and lists the errors any request may get (400, 413)', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(operation.operationId!), `${name}: ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId!);
        for (const status of ['400', '413']) {
          expect(operation.responses[status]?.content?.['application/problem+json']?.schema?.$ref, `${name} ${status}`).toBe(
            '#/components/schemas/Problem',
          );
        }
      }
    }
    expect(doc.paths['/api/public/firms/u/{username}'].get.operationId).toBe('getPublicFirmsUByUsername');
  });

  it('marks the instants as date-time', () => {
    const properties = (schema: string) => (doc.components.schemas[schema] as { properties: Record<string, unknown> }).properties;
    expect(properties('Message').createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(properties('Conversation').lastMessageAt)).toContain('"format":"date-time"');
  });

  it('describes the shared request and response schemas', () => {
    const login = doc.paths['/api/iam/login/email'].post as Operation & {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    };
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    const firms = doc.paths['/api/public/firms'].get;
    expect(firms.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'size', 'categoryKey', 'openNow', 'age']));
    const firm = doc.paths['/api/public/firms/u/{username}'].get.responses['200'].content?.['application/json']?.schema;
    expect(firm).toEqual({ $ref: '#/components/schemas/FirmDetail' });
    const firmDetail = doc.components.schemas.FirmDetail as { properties: Record<string, unknown> };
    expect(Object.keys(firmDetail.properties)).toEqual(expect.arrayContaining(['username', 'openingHours', 'imageWidth', 'followers']));
    expect(doc.components.schemas).toHaveProperty('Problem');
  });
});
