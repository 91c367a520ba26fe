import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertProduct } from '../../testing/catalogue-fixtures';
import { card, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';
import type { FirmOrderDetail } from '../../../shared/firm-orders';
import type { FulfilmentOptions, FulfilmentSettings, FulfilmentSettingsAnswer } from '../../../shared/fulfilment';

/**
 * The shop's pickup and delivery: owners and managers set them (validated by the shared schema),
 * buyers read them as options, and the cart's checkout goes by them: the server adds the delivery
 * fee itself, refuses a delivery without an address, outside the postcodes or below the minimum,
 * and keeps on the order what was chosen. A firm that set nothing hands over at its own address.
 * SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
let buyer: string;
let buyerEmail: string;
let keys = 0;
const PRICE = 1200;

const SETTINGS: FulfilmentSettings = {
  pickup: { enabled: true, address: '', hours: 'Mon–Fri 10:00–18:00', preparationMinutes: 30 },
  delivery: { enabled: true, zone: 'Paris centre', postcodes: ['7500', '75011'], feeMinor: 450, minimumMinor: 2000 },
};
const ADDRESS = {
  recipient: 'Léa Martin',
  line1: '12 Rue Oberkampf',
  line2: '',
  city: 'Paris',
  postalCode: '75011',
  country: 'FR',
  phone: '',
};

beforeAll(async () => {
  const person = await w.newPerson();
  // the buyer reads French: the paid order's mail is in French
  await w.ctx.deps.db.updateTable('users').set({ language: 'fr' }).where('id', '=', person.userId).execute();
  buyer = await signedIn(w.ctx, person.userId);
  buyerEmail = person.email;
  await insertProduct(w.ctx.deps.db, FIRM, { id: 'mug', price_minor: PRICE, stock: 50 });
});

const asBuyer = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.request(path, {
    method,
    headers: { Cookie: buyer, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const putSettings = (settings: unknown) =>
  w.as('manager', `/api/dashboard/fulfilment?firmId=${FIRM}`, { method: 'PUT', body: JSON.stringify(settings) });
const fillCart = (quantity: number) =>
  asBuyer('PUT', '/api/user/cart/items', { itemType: 'product', itemId: 'mug', quantity }).then((r) => expect(r.status).toBe(200));
const checkout = (body: Record<string, unknown>) =>
  asBuyer('POST', `/api/user/orders/cart/${FIRM}`, { currency: 'EUR', ...body }, { 'Idempotency-Key': `fulfil-${++keys}` });
const orderRow = (reference: string) =>
  w.ctx.deps.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

describe('shop fulfilment', () => {
  it('hands over at the firm address when the firm set nothing, and keeps that on the order', async () => {
    const options = (await (await asBuyer('GET', `/api/user/cart/${FIRM}/fulfilment`)).json()) as FulfilmentOptions;
    expect(options.delivery).toBeNull();
    expect(options.pickup).toEqual({ address: '1 Rue de la Paix, Paris', hours: '', preparationMinutes: 0 });
    await fillCart(1);
    const response = await checkout({ expectedTotal: PRICE });
    expect(response.status).toBe(201);
    const { order } = await response.json();
    const row = await orderRow(order.reference);
    expect([row.handover, row.handover_address, row.delivery_fee_minor, row.total_minor]).toEqual([
      'pickup',
      '1 Rue de la Paix, Paris',
      0,
      PRICE,
    ]);
  });

  it('lets a manager set pickup and delivery, and refuses a delivery with no zone', async () => {
    const refused = await putSettings({ ...SETTINGS, delivery: { ...SETTINGS.delivery, zone: '', postcodes: [] } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors['delivery.zone']).toEqual(['validation.deliveryZone']);
    const saved = await putSettings(SETTINGS);
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as FulfilmentSettingsAnswer;
    expect(answer.settings).toEqual(SETTINGS);
    expect(answer.firmAddress).toBe('1 Rue de la Paix, Paris');
  });

  it('refuses a delivery without an address', async () => {
    await fillCart(2);
    const response = await checkout({ expectedTotal: 2 * PRICE + 450, handover: 'delivery' });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('delivery_address_required');
    expect(body.errors.deliveryAddress).toEqual(['validation.required']);
  });

  it('refuses a delivery below the minimum order, with the minimum in the problem', async () => {
    await fillCart(1);
    const response = await checkout({ expectedTotal: PRICE + 450, handover: 'delivery', deliveryAddress: ADDRESS });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('below_delivery_minimum');
    expect(body.detail).toContain('€20.00');
  });

  it('refuses a postcode outside the delivery zone', async () => {
    await fillCart(2);
    const response = await checkout({
      expectedTotal: 2 * PRICE + 450,
      handover: 'delivery',
      deliveryAddress: { ...ADDRESS, postalCode: '92100' },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('outside_delivery_zone');
  });

  it('adds the delivery fee on the server: a total without it is refused, with it the order keeps the address', async () => {
    await fillCart(2);
    const withoutFee = await checkout({ expectedTotal: 2 * PRICE, handover: 'delivery', deliveryAddress: ADDRESS });
    expect(withoutFee.status).toBe(409);
    expect((await withoutFee.json()).errors.expectedTotal).toEqual([String(2 * PRICE + 450)]);
    const response = await checkout({ expectedTotal: 2 * PRICE + 450, handover: 'delivery', deliveryAddress: ADDRESS });
    expect(response.status).toBe(201);
    const { order } = await response.json();
    expect(order.totalMinor).toBe(2 * PRICE + 450);
    const row = await orderRow(order.reference);
    expect([row.handover, row.handover_address, row.delivery_fee_minor]).toEqual([
      'delivery',
      'Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR',
      450,
    ]);
  });

  it('says on the paid order, in its notification and in the buyer’s mail how it is handed over', async () => {
    const mailsBefore = readOutbox(w.ctx.dataDir).length;
    await fillCart(2);
    const response = await checkout({ expectedTotal: 2 * PRICE + 450, handover: 'delivery', deliveryAddress: ADDRESS });
    const answer = (await response.json()) as CheckoutAnswer;
    await payOnStep(w.ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(w.ctx).settled();
    const detail = (await (await asBuyer('GET', `/api/user/orders/${answer.order.reference}`)).json()) as OrderDetail;
    expect(detail.status).toBe('paid');
    expect(detail.contents).toBe('shop');
    expect(detail.handover).toMatchObject({ method: 'delivery', address: 'Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR', feeMinor: 450 });
    const firmView = await (await w.as('staff', `/api/dashboard/orders/${answer.order.reference}?firmId=${FIRM}`)).json();
    expect(firmView.handover).toMatchObject({ method: 'delivery', address: 'Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR' });
    const notices = await w.ctx.deps.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', (await orderRow(answer.order.reference)).buyer_id)
      .execute();
    expect(notices.map((n) => n.kind)).toContain('order.confirmed');
    expect(notices.map((n) => n.kind)).not.toContain('ticket.purchased');
    await expect
      .poll(
        () =>
          readOutbox(w.ctx.dataDir)
            .slice(mailsBefore)
            .filter((m) => m.to === buyerEmail).length,
      )
      .toBe(1);
    const mail = readOutbox(w.ctx.dataDir)
      .slice(mailsBefore)
      .find((m) => m.to === buyerEmail)!;
    expect(mail.language).toBe('fr');
    expect(mail.text).toContain('Elle sera livrée à l’adresse suivante : Léa Martin, 12 Rue Oberkampf, 75011 Paris, FR.');
    expect(mail.text).not.toMatch(/billet/i);
  });

  it('gives the delivery fee back with the refund that leaves nothing of the order', async () => {
    await fillCart(2);
    const response = await checkout({ expectedTotal: 2 * PRICE + 450, handover: 'delivery', deliveryAddress: ADDRESS });
    const answer = (await response.json()) as CheckoutAnswer;
    await payOnStep(w.ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(w.ctx).settled();
    const path = `/api/dashboard/orders/${answer.order.reference}`;
    const refund = async (body: unknown) => {
      const init = { method: 'POST', headers: { 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(body) };
      const refunded = await w.as('manager', `${path}/refunds?firmId=${FIRM}`, init);
      expect(refunded.status).toBe(200);
      return (await refunded.json()) as FirmOrderDetail;
    };
    const line = (await (await w.as('manager', `${path}?firmId=${FIRM}`)).json()) as FirmOrderDetail;
    const mugs = line.lines.find((l) => l.kind === 'product')!;

    const first = await refund({ reason: 'One arrived broken.', lines: [{ lineId: mugs.id, qty: 1 }] });
    expect([first.status, first.refundedMinor]).toEqual(['paid', PRICE]);
    const last = await refund({ reason: 'The other too.', lines: [{ lineId: mugs.id, qty: 1 }] });
    expect([last.status, last.refundedMinor]).toEqual(['refunded', 2 * PRICE + 450]);
    // the fixture's clock stands still: both refunds have the same time
    expect(last.refunds.map((r) => r.amountMinor).sort((a, b) => a - b)).toEqual([PRICE, PRICE + 450]);
    await sandboxOf(w.ctx).settled();
    const payment = await w.ctx.deps.db
      .selectFrom('payments')
      .select(['status', 'refunded_minor'])
      .where('subject_id', '=', (await orderRow(answer.order.reference)).id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'refunded', refunded_minor: 2 * PRICE + 450 });
  });

  it('refuses what the firm does not offer', async () => {
    expect((await putSettings({ ...SETTINGS, delivery: { ...SETTINGS.delivery, enabled: false } })).status).toBe(200);
    await fillCart(3);
    const response = await checkout({ expectedTotal: 3 * PRICE + 450, handover: 'delivery', deliveryAddress: ADDRESS });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('handover_not_offered');
  });
});
