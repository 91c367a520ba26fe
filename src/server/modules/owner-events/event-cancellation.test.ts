import { describe, expect, it } from 'vitest';
import { insertEvent, insertTier } from '../../testing/catalogue-fixtures';
import { card, payOnStep, sandboxOf, TEST_CARD } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

describe('cancelling an event with sales', () => {
  it('voids the tickets, refunds the paid order through the provider, cancels the unpaid one and tells the buyers', async () => {
    const { id: eventId } = await insertEvent(db(), FIRM, { status_code: 1, name: 'Rooftop jazz' });
    const categoryId = await insertTier(db(), eventId, { price_minor: 1500 });
    const buy = async (key: string) => {
      const response = await workspace.as('stranger', '/api/user/orders/tickets', {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: JSON.stringify({
          eventId,
          categoryId,
          holderIds: [workspace.userId('stranger')],
          addons: [],
          expectedTotal: 1500,
          currency: 'EUR',
        }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { order: { reference: string }; redirectUrl: string };
    };
    const paid = await buy(`cancel-paid-${Date.now()}`);
    await payOnStep(workspace.ctx, paid.redirectUrl, card(TEST_CARD.success));
    await sandboxOf(workspace.ctx).settled();
    const unpaid = await buy(`cancel-unpaid-${Date.now()}`);
    const statusOf = async (reference: string) =>
      (await db().selectFrom('orders').select('status').where('reference', '=', reference).executeTakeFirstOrThrow()).status;
    expect(await statusOf(paid.order.reference)).toBe('paid');
    const mailsBefore = readOutbox(workspace.ctx.dataDir).length;

    // a category with sales cannot be deleted
    const tier = await workspace.as('owner', `/api/dashboard/ticket-tiers/${categoryId}`, { method: 'DELETE' });
    expect(tier.status).toBe(409);

    const cancelled = await workspace.as('owner', `/api/dashboard/events/${eventId}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ statusCode: 2 }),
    });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).statusCode).toBe(2);
    await sandboxOf(workspace.ctx).settled();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the notifications go out after the answer

    expect(await statusOf(paid.order.reference)).toBe('refunded');
    expect(await statusOf(unpaid.order.reference)).toBe('cancelled');
    const tickets = await db().selectFrom('tickets').select('status').where('event_id', '=', eventId).execute();
    expect(tickets.length).toBe(2);
    expect(tickets.every((ticket) => ticket.status === 'void')).toBe(true);
    const news = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', workspace.userId('stranger'))
      .where('kind', '=', 'event.cancelled')
      .execute();
    expect(news.length).toBe(1);
    const mails = readOutbox(workspace.ctx.dataDir)
      .slice(mailsBefore)
      .filter((mail) => mail.to === `${workspace.userId('stranger')}@example.com`);
    expect(mails.map((mail) => mail.subject).join(' | ')).toMatch(/refunded/i);
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });
});
