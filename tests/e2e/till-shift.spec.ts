import type { Page } from '@playwright/test';
import type { TillShift, TillShiftReport } from '../../src/shared/till-shifts';
import { expect, test, type OwnedFirm } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { storeLanguage } from './support/storage';

/**
 * A shift at the till on a tablet: opened with a float, a cash sale, cash taken out for milk, closed
 * with the cash counted; the report sets what the drawer should hold against what was counted. The
 * same report in Arabic (right to left) is screenshot to SHOTS_DIR.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/till';
const headers = () => ({ Origin: test.info().project.use.baseURL! });

async function openTill(page: Page, firm: OwnedFirm) {
  await page.goto('/workspace/pos');
  const chooser = page.getByRole('alertdialog');
  const grid = page.getByTestId('till-items');
  await expect(chooser.or(grid)).toBeVisible({ timeout: 30_000 });
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: firm.name }).click();
  await expect(grid).toBeVisible({ timeout: 30_000 });
}

test('a shift opens with a float, takes a cash sale and a cash out, and closes with expected against counted', async ({ page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  await openTill(page, firm);
  const shift = page.getByTestId('till-shift');

  await expect(shift).toContainText('No shift is open');
  await shift.getByLabel('Float in the drawer').fill('50');
  await shift.getByRole('button', { name: 'Open a shift' }).tap();
  await expect(shift).toContainText(/float\W+€50\.00/);

  await page.getByRole('button', { name: new RegExp(`^Add ${firm.product.name} `) }).tap();
  await page.getByRole('button', { name: /^Charge\W+€12\.00/ }).tap();
  await page.getByRole('button', { name: 'Complete the sale' }).tap();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).tap();

  await shift.getByRole('button', { name: 'Cash in or out' }).tap();
  await shift.getByLabel('Amount').fill('5');
  await shift.getByLabel('Reason').fill('Milk');
  await shift.getByRole('button', { name: 'Record' }).tap();
  await expect(shift.getByLabel('Reason')).toBeHidden();

  await shift.getByRole('button', { name: 'Close the shift' }).tap();
  await shift.getByLabel('Cash counted in the drawer').fill('56');
  await shift.getByRole('button', { name: 'Close with this amount' }).tap();

  // 50 + 12 − 5 = 57 expected, 56 counted: 1 short
  const report = page.getByTestId('till-shift-report');
  await expect(report.getByTestId('till-report-expected')).toHaveText(/^\W*€57\.00\W*$/);
  await expect(report.getByTestId('till-report-counted')).toHaveText(/^\W*€56\.00\W*$/);
  await expect(report).toContainText('Short');
  await expect(report.getByTestId('till-report-difference')).toHaveText(/^\W*€1\.00\W*$/);
  await expect(report.getByRole('table', { name: 'By person' })).toContainText(/€12\.00\W+\(1\)/);
  await report.getByRole('button', { name: 'Done' }).tap();
  await expect(shift).toContainText('No shift is open');

  // the same report in Arabic: a shift opened and a sale made through the API, closed on the screen
  const opened = await page.request.post(`/api/dashboard/till/shifts?firmId=${firm.id}`, {
    headers: headers(),
    data: { floatMinor: 10000 },
  });
  const { id } = (await opened.json()) as TillShift;
  await page.request.post(`/api/dashboard/till/shifts/${id}/moves?firmId=${firm.id}`, {
    headers: headers(),
    data: { kind: 'in', amountMinor: 2000, reason: 'فكّة من البنك' },
  });
  await storeLanguage(page, 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shift.getByRole('button', { name: 'أغلق الوردية' }).tap();
  await shift.getByLabel('النقود المعدودة في الدرج').fill('120');
  await shift.getByRole('button', { name: 'أغلق بهذا المبلغ' }).tap();
  await expect(report.getByRole('heading', { name: 'تقرير الوردية' })).toBeVisible();
  const figures = (await (await page.request.get(`/api/dashboard/till/shifts/${id}/report?firmId=${firm.id}`)).json()) as TillShiftReport;
  expect([figures.expectedMinor, figures.countedMinor, figures.differenceMinor]).toEqual([12000, 12000, 0]);
  await report.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/till-shift-report-tablet-ar.png`, fullPage: true });
});
