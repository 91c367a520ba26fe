import { expect as baseExpect } from '@playwright/test';
import { test } from './support/fixtures';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * An owner fills in the business's legal details and uploads its register extract from the settings; the firm's
 * public page prints the legal line (the ids left to right inside the Arabic page); a file that is not a document is
 * refused in words before it is sent; the document downloads as it was and can be removed.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

test('an owner keeps the legal details and documents, and the page prints the legal line', async ({ page, firm }) => {
  test.setTimeout(120_000);
  await openWorkspace(page, '/workspace/settings', firm.name, page.getByRole('heading', { name: 'Legal details' }));

  await page.getByLabel('Legal name').fill('Lumière et Fils SARL');
  await page.getByLabel('Registration number').fill('RCS Paris 123 456 789');
  await page.getByLabel('Tax ID (VAT)').fill('FR40 123<456');
  await page.getByRole('button', { name: 'Save legal details' }).click();
  await expect(page.getByText('Tax ID (VAT) may hold letters, digits, spaces, dots, slashes and dashes only.')).toBeVisible();
  await page.getByLabel('Tax ID (VAT)').fill('FR40123456789');
  await page.getByRole('button', { name: 'Save legal details' }).click();
  await expect(page.getByText('Legal details saved.')).toBeVisible();

  // a page is not a document, whatever it is called: refused before it is sent
  const file = page.getByTestId('document-file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Choose a PDF, a JPEG or a PNG file.')).toBeVisible();

  await page.getByLabel('Kind of document').selectOption({ label: 'Register extract' });
  await file.setInputFiles({ name: 'Extrait Kbis.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
  await expect(page.getByText('“Extrait Kbis.pdf” added.')).toBeVisible();
  const documents = page.getByTestId('firm-documents');
  await expect(documents.getByText(/Register extract · /)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), documents.getByRole('link', { name: 'Extrait Kbis.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('Extrait Kbis.pdf');
  const path = await download.path();
  expect((await import('node:fs')).readFileSync(path!, 'utf8')).toBe(PDF);

  // the public page, in English and in Arabic
  await page.goto(`/${firm.username}`);
  await expect(page.getByTestId('legal-line')).toHaveText(
    'Lumière et Fils SARL · Registration no. RCS Paris 123 456 789 · Tax ID FR40123456789',
  );
  await storeLanguage(page, 'ar');
  await page.reload();
  const arabic = page.getByTestId('legal-line');
  await expect(arabic).toContainText('رقم التسجيل');
  await expect(arabic.locator('bdi[dir="ltr"]').first()).toHaveText('RCS Paris 123 456 789');
  await storeLanguage(page, 'en');

  // removed: the list is empty again
  await page.goto('/workspace/settings');
  await page.getByRole('button', { name: 'Remove Extrait Kbis.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('“Extrait Kbis.pdf” removed.')).toBeVisible();
  await expect(page.getByText('No document yet.')).toBeVisible();
});
