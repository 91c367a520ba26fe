import { expect, test } from '@playwright/test';

const NOT_FOUND_TEXT = 'The page you are looking for is not found or has been changed.';

test.describe('errors a user or client can see', () => {
  for (const path of ['/this/does/not/exist', '/404']) {
    test(`${path} shows the not-found page with a way to explore`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      await expect(page).toHaveTitle(/ — Souk$/);
      const explore = page.getByRole('link', { name: /explore/i }).filter({ hasText: /souk/i });
      await expect(explore).toHaveAttribute('href', '/explore');
      await explore.click();
      await expect(page).toHaveURL(/\/explore$/);
      await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
    });
  }

  test('a missing hashed asset is a real 404, not the app shell', async ({ request }) => {
    const response = await request.get('/assets/missing-0000.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toBe('application/problem+json');
  });

  test('/api/nope answers a problem-details 404', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject({ type: expect.any(String), title: 'Not Found', status: 404, code: 'not_found' });
    expect(response.headers()['x-request-id']).toBeTruthy();
  });

  test('a malformed JSON body answers 400 problem details, not 500', async ({ request }) => {
    const response = await request.post('/api/iam/login/email', {
      headers: { 'Content-Type': 'application/json' },
      data: '{"email": "someone@example.com", "password": ',
    });
    expect(response.status()).toBe(400);
    expect(response.headers()['content-type']).toBe('application/problem+json');
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(text).not.toMatch(/\n\s+at |SyntaxError|node_modules/);
  });
});
