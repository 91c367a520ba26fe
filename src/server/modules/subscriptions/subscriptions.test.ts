import { describe, expect, it } from 'vitest';
// the app first: it loads the routes' OpenAPI extension of zod before the payment modules
import { OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';
import { paymentsOf } from '../../lib/payments';
import { SANDBOX_CARDS, type SandboxProvider } from '../../lib/payments/sandbox';
import { addMonth } from './subscriptions.service';

/**
 * Plans and billing through the real payment ledger and the sandbox provider: the owner orders a
 * paid plan, pays on the hosted payment step, and only the confirmed payment gives the firm the
 * plan, an invoice and a receipt. f2's owner (otherOwner) is the owner here; f2 is on the free plan.
 */
const workspace = useWorkspace();
const firm = OTHER_FIRM;
const sandbox = () => paymentsOf(workspace.ctx.deps).provider as SandboxProvider;

const change = (plan: string, actor: 'otherOwner' | 'manager' = 'otherOwner') =>
  workspace.as(actor, `/api/dashboard/subscription/change?firmId=${firm}`, { method: 'POST', body: JSON.stringify({ plan }) });

/** The payer on the sandbox's hosted payment step. */
const pay = (redirectUrl: string, number: string = SANDBOX_CARDS.success) =>
  workspace.ctx.request(new URL(redirectUrl).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'card', number, expiry: '12/40', cvc: '123' }).toString(),
    redirect: 'manual',
  });

const dash = async () => (await workspace.as('otherOwner', `/api/dashboard/firms/dash-firm?firmId=${firm}`)).json();

describe('changing the plan', () => {
  it('takes a paid plan only once its payment is confirmed, then writes the invoice and a receipt in the firm’s language', async () => {
    const ordered = await change('growth');
    expect(ordered.status).toBe(201);
    const { orderId, redirectUrl } = await ordered.json();
    expect(redirectUrl).toMatch(/\/api\/payments\/sandbox\/pay\//);
    // not paid yet: still free, the order pending
    expect((await dash()).subscriptionInfoDto.plan).toBe('free');
    const pending = await workspace.as('otherOwner', `/api/dashboard/subscription/orders/${orderId}`);
    expect((await pending.json()).status).toBe('pending');

    // a declined card keeps it pending; a good one pays it and sends the owner back to billing
    expect((await pay(redirectUrl, SANDBOX_CARDS.declined)).status).toBe(200);
    const back = await pay(redirectUrl);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`http://localhost/workspace/billing?order=${orderId}`);
    // the provider's signed webhook confirms the payment (delivered in the background, as a PSP does)
    await sandbox().settled();
    const settled = await (await workspace.as('otherOwner', `/api/dashboard/subscription/orders/${orderId}`)).json();
    expect(settled).toMatchObject({ status: 'paid', plan: 'growth', amountMinor: 1900, currency: 'EUR' });

    const info = (await dash()).subscriptionInfoDto;
    expect(info.plan).toBe('growth');
    expect(info.renewsAt).toBe(addMonth(FIXTURE_NOW).toISOString());
    expect(info.features.find((f: { featureKey: string }) => f.featureKey === 'REPORTS').enabled).toBe(true);

    const invoices = await (await workspace.as('otherOwner', `/api/dashboard/billing/invoices?firmId=${firm}`)).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ id: settled.invoiceId, plan: 'growth', amountMinor: 1900, status: 'paid' });
    expect(invoices[0].number).toMatch(/^SOUK-20260610-[A-Z0-9]{8}$/);

    // f2's page is in French: so is its receipt
    await workspace.ctx.deps.db.updateTable('firms').set({ language: 'fr' }).where('id', '=', firm).execute();
    const receipt = await workspace.as('otherOwner', `/api/dashboard/billing/invoices/${invoices[0].id}/receipt`);
    expect(receipt.headers.get('content-type')).toContain('text/html');
    expect(receipt.headers.get('content-disposition')).toContain(`souk-receipt-${invoices[0].number}.html`);
    const html = await receipt.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('Reçu');
    expect(html).toContain('Night Owl Bar');
    expect(html).toContain('Formule Croissance');
    expect(html).toMatch(/19,00\s€/);

    const home = await (await workspace.as('otherOwner', `/api/dashboard/firms/home?firmId=${firm}`)).json();
    expect(home.activity[0]).toMatchObject({ kind: 'plan.changed', subject: 'growth', actorName: 'OtherOwner Tester' });
  });

  it('refuses the plan in force, and lets only owners change it', async () => {
    const same = await change('growth');
    expect(same.status).toBe(409);
    expect((await same.json()).code).toBe('same_plan');
    const asManager = await workspace.as('manager', `/api/dashboard/subscription/change?firmId=f1`, {
      method: 'POST',
      body: JSON.stringify({ plan: 'free' }),
    });
    expect(asManager.status).toBe(403);
  });

  it('leaving the payment step cancels the order and changes nothing', async () => {
    const { orderId, redirectUrl } = await (await change('premium')).json();
    const cancel = await workspace.ctx.request(new URL(redirectUrl).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'cancel' }).toString(),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('http://localhost/workspace/subscription/premium?canceled=1');
    const order = await (await workspace.as('otherOwner', `/api/dashboard/subscription/orders/${orderId}`)).json();
    expect(order.status).toBe('canceled');
    expect((await dash()).subscriptionInfoDto.plan).toBe('growth');
  });

  it('goes back to the free plan at once, and a paid plan whose month has ended counts as free', async () => {
    const free = await change('free');
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual({ plan: 'free', orderId: null, redirectUrl: null });
    expect((await dash()).subscriptionInfoDto).toMatchObject({ plan: 'free', renewsAt: null });

    await workspace.ctx.deps.db
      .updateTable('firms')
      .set({ plan_key: 'premium', plan_renews_at: '2026-06-01T00:00:00.000Z' })
      .where('id', '=', firm)
      .execute();
    expect((await dash()).subscriptionInfoDto.plan).toBe('free');
  });
});

describe('a month of a plan', () => {
  it('ends on the same day next month, or the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-06-10T12:00:00.000Z')).toISOString()).toBe('2026-07-10T12:00:00.000Z');
    expect(addMonth(new Date('2026-01-31T08:00:00.000Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T08:00:00.000Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T00:00:00.000Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
