import { expect, test } from '@playwright/test';

/**
 * /api/docs: the Scalar reference of /api/openapi.json. Its script comes from this server (no
 * CDN: it must work without the internet), under the page's own CSP with nothing refused.
 */
test('the API reference renders from this server alone, under its own CSP', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  expect(csp).not.toContain('unsafe-eval');

  // the document's title, then an operation as a reader finds it: open its group in the sidebar.
  // Scalar lays out the whole document (about 150 operations) before its first heading: on a loaded
  // 2-core machine that took more than the default 10 s.
  await expect(page.getByRole('heading', { name: 'Souk API', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Firms/ }).click();
  await expect(page.getByRole('heading', { name: 'A firm page by username (case-insensitive)' })).toBeVisible();
  await expect(page.getByText('/api/public/firms/u/{username}').first()).toBeVisible();

  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('the OpenAPI document is served as JSON', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/public/firms/u/{username}'].get.summary).toBe('A firm page by username (case-insensitive)');
});
