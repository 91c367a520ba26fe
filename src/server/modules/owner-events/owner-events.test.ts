import { describe, expect, it } from 'vitest';
import { eventBody, imageForm, insertEvent, insertTier, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertTickets } from '../../testing/checkin-fixtures';
import { insertPerson } from '../../testing/marketplace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner') {
  const response = await workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}

const publicEvents = async (filter: Record<string, string> = { firmUsername: 'CafeLumiere' }) =>
  (await workspace.market.post('/api/public/events?size=50', filter)).body.content.map((e: { name: string }) => e.name);

describe('owner events', () => {
  it('creates drafts within the plan, counted on real rows, and frees the count on delete', async () => {
    // f2 is on the free plan (3 events) and already has one
    const created = [];
    for (let i = 0; i < 2; i++) {
      const { status, body } = await send('POST', `/api/dashboard/events/create?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
      expect(status).toBe(201);
      expect(body).toMatchObject({ name: '', statusCode: 0, visibility: 1, firmId: OTHER_FIRM, ticketCategories: [], addons: [] });
      created.push(body.id);
    }
    const refused = await send('POST', `/api/dashboard/events/create?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'plan_limit', featureKey: 'CREATE_EVENT', plan: 'free', requiredPlan: 'growth' },
    });
    const dash = await send('GET', `/api/dashboard/firms/dash-firm?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
    expect(dash.body.subscriptionInfoDto.features.find((f: { featureKey: string }) => f.featureKey === 'CREATE_EVENT')).toMatchObject({
      limit: 3,
      currentUsage: 3,
    });
    expect((await send('DELETE', `/api/dashboard/events/${created[0]}`, undefined, 'otherOwner')).status).toBe(204);
    expect((await send('POST', `/api/dashboard/events/create?firmId=${OTHER_FIRM}`, undefined, 'otherOwner')).status).toBe(201);
  });

  it('creates a draft with the name the editor asked for, and refuses a blank one', async () => {
    const named = await send('POST', `/api/dashboard/events/create?firmId=${FIRM}`, { name: '  Oud night ' });
    expect(named).toMatchObject({ status: 201, body: { name: 'Oud night', statusCode: 0 } });
    const blank = await send('POST', `/api/dashboard/events/create?firmId=${FIRM}`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(await db().selectFrom('events').select('name').where('firm_id', '=', FIRM).where('name', '=', '').execute()).toEqual([]);
  });

  it('saves the whole event with two categories and an add-on; a published public event shows at once', async () => {
    await usePremium(db(), FIRM);
    const draft = (await send('POST', `/api/dashboard/events/create?firmId=${FIRM}`)).body;
    const upload = await workspace.as('owner', `/api/dashboard/events/images?firmId=${FIRM}`, { method: 'POST', body: await imageForm() });
    expect(upload.status).toBe(201);
    const image = await upload.json();
    expect(image).toMatchObject({ imageWidth: 24, imageHeight: 16 });
    const saved = await send('PUT', '/api/dashboard/events', {
      id: draft.id,
      name: 'Oud & strings',
      description: 'An evening of oud.',
      typeKey: 'concert',
      startDateTime: '2026-07-04T19:30:00+02:00',
      endDateTime: '2026-07-04T22:00:00+02:00',
      venue: 'The courtyard, 3 Rue de la Paix',
      capacity: 120,
      currency: 'EUR',
      ageLimit: 12,
      imagePath: image.imagePath,
      ticketCategories: [
        { name: 'Standard', price: 1800, capacity: 100, salesEnd: '2026-07-04T19:00:00+02:00' },
        { name: 'Front row', description: 'Seats 1 to 20.', price: 3500, capacity: 20 },
      ],
      addons: [{ name: 'Mint tea', price: 300 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Oud & strings',
      startDateTime: '2026-07-04T17:30:00.000Z',
      endDateTime: '2026-07-04T20:00:00.000Z',
      venue: 'The courtyard, 3 Rue de la Paix',
      timezone: 'Europe/Paris',
      imagePath: image.imagePath,
      imageColor: image.imageColor,
      ticketCategories: [
        { name: 'Standard', price: 1800, capacity: 100, sold: 0, salesEnd: '2026-07-04T17:00:00.000Z', salesStart: null },
        { name: 'Front row', description: 'Seats 1 to 20.', price: 3500, capacity: 20, sold: 0 },
      ],
      addons: [{ name: 'Mint tea', price: 300 }],
    });
    expect(await publicEvents()).not.toContain('Oud & strings');
    expect((await workspace.market.json(`/api/public/events/sid/${draft.shortId}`)).status).toBe(404);

    const published = await send('PATCH', `/api/dashboard/events/${draft.id}/status`, { statusCode: 1 });
    expect(published).toMatchObject({ status: 200, body: { statusCode: 1 } });
    expect(await publicEvents()).toContain('Oud & strings');
    expect(await publicEvents({ name: 'oud' })).toEqual(['Oud & strings']);
    const page = await workspace.market.json(`/api/public/events/sid/${draft.shortId}`);
    expect(page.body).toMatchObject({ name: 'Oud & strings', priceFrom: 1800, addons: [{ name: 'Mint tea', price: 300 }] });
    expect(page.body.ticketCategories.map((t: { name: string }) => t.name)).toEqual(['Standard', 'Front row']);

    // back to draft (no sales yet): gone from every public read again
    expect((await send('PATCH', `/api/dashboard/events/${draft.id}/status`, { statusCode: 0 })).status).toBe(200);
    expect(await publicEvents()).not.toContain('Oud & strings');
    expect((await workspace.market.json(`/api/public/events/sid/${draft.shortId}`)).status).toBe(404);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const { id } = await insertEvent(db(), FIRM, { name: 'Unchanged' });
    const body = await eventBody(workspace, 'owner', id);
    const refuse = async (change: Record<string, unknown>, field: string, message: string) => {
      const answer = await send('PUT', '/api/dashboard/events', { ...body, ...change });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.type).toBe('application/problem+json');
      expect(answer.body.errors[field], JSON.stringify(answer.body.errors)).toContain(message);
    };
    await refuse({ name: 'Changed', startDateTime: '2026-06-01T10:00:00Z' }, 'startDateTime', 'validation.pastDate');
    await refuse({ name: 'Changed', endDateTime: body.startDateTime }, 'endDateTime', 'validation.endBeforeStart');
    await refuse(
      { name: 'Changed', capacity: 10, ticketCategories: [{ name: 'Big', price: 100, capacity: 11 }] },
      'ticketCategories.0.capacity',
      'validation.tierOverCapacity',
    );
    await refuse({ name: 'Changed', typeKey: 'rodeo' }, 'typeKey', 'validation.unknownType');
    await refuse(
      { name: 'Changed', ticketCategories: [{ name: 'Cheap', price: -1, capacity: 5 }] },
      'ticketCategories.0.price',
      'Too small: expected number to be >=0',
    );
    await refuse({ name: 'Changed', capacity: 0 }, 'capacity', 'Too small: expected number to be >=1');
    await refuse(
      { name: 'Changed', currency: 'XXX' },
      'currency',
      'Invalid option: expected one of "EUR"|"USD"|"GBP"|"CHF"|"MAD"|"TND"|"DZD"|"EGP"|"AED"|"SAR"|"QAR"|"LBP"|"JOD"|"XOF"|"CAD"',
    );
    await refuse(
      { name: 'Changed', ticketCategories: [{ id: 't1', name: 'Not mine', price: 1, capacity: 1 }] },
      'ticketCategories.0.id',
      'validation.unknownTier',
    );
    await refuse(
      { name: 'Changed', ticketCategories: [{ name: 'Late', price: 1, capacity: 1, salesEnd: '2027-01-01T00:00:00Z' }] },
      'ticketCategories.0.salesEnd',
      'validation.salesAfterEvent',
    );
    // a picture another firm's owner uploaded
    const theirs = await (
      await workspace.as('otherOwner', `/api/dashboard/events/images?firmId=${OTHER_FIRM}`, {
        method: 'POST',
        body: await imageForm('#112233'),
      })
    ).json();
    await refuse({ name: 'Changed', imagePath: theirs.imagePath }, 'imagePath', 'validation.image');
    await refuse({ name: 'Changed', imagePath: 'img1' }, 'imagePath', 'validation.image');
    expect((await eventBody(workspace, 'owner', id)).name).toBe('Unchanged');
    // another firm's event is not there for this owner
    expect((await send('PUT', '/api/dashboard/events', { ...body, name: 'Mine now' }, 'otherOwner')).status).toBe(404);
  });

  it('keeps what sold tickets rely on: 409 naming the fields, nothing half-saved', async () => {
    const { id } = await insertEvent(db(), FIRM, { name: 'Sold gig', status_code: 1, sold: 30 });
    const sold = await insertTier(db(), id, { name: 'Sold', price_minor: 2000, capacity: 40, sold: 30 });
    const unsold = await insertTier(db(), id, { name: 'Unsold', price_minor: 900, capacity: 20, sold: 0, sort: 2 });
    const body = await eventBody(workspace, 'owner', id);
    const conflictOf = async (change: Record<string, unknown>) => {
      const answer = await send('PUT', '/api/dashboard/events', { ...body, name: 'Half saved?', ...change });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.code).toBe('event_has_sales');
      return answer.body.errors;
    };
    const tiers = body.ticketCategories;
    expect(
      await conflictOf({
        capacity: 29,
        ticketCategories: [
          { ...tiers[0], capacity: 29 },
          { ...tiers[1], capacity: 20 },
        ],
      }),
    ).toEqual({
      capacity: ['validation.capacityBelowSold'],
      'ticketCategories.0.capacity': ['validation.capacityBelowSold'],
    });
    expect(await conflictOf({ ticketCategories: [{ ...tiers[0], capacity: 29 }, tiers[1]] })).toEqual({
      'ticketCategories.0.capacity': ['validation.capacityBelowSold'],
    });
    expect(await conflictOf({ ticketCategories: [{ ...tiers[0], price: 1999 }, tiers[1]] })).toEqual({
      'ticketCategories.0.price': ['validation.priceBelowSold'],
    });
    expect(await conflictOf({ ticketCategories: [tiers[1]] })).toEqual({ ticketCategories: ['validation.tierHasSales'] });
    expect(await conflictOf({ currency: 'USD' })).toEqual({ currency: ['validation.currencyAfterSales'] });
    expect((await eventBody(workspace, 'owner', id)).name).toBe('Sold gig');

    // raising the price, capacity down to exactly what is sold, the unsold category removed: fine
    const ok = await send('PUT', '/api/dashboard/events', { ...body, ticketCategories: [{ ...tiers[0], price: 2500, capacity: 30 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.ticketCategories).toEqual([expect.objectContaining({ id: sold, price: 2500, capacity: 30, sold: 30 })]);
    expect(await db().selectFrom('ticket_categories').select('id').where('id', '=', unsold).executeTakeFirst()).toBeUndefined();

    const deleteSold = await send('DELETE', `/api/dashboard/ticket-tiers/${sold}`);
    expect(deleteSold).toMatchObject({ status: 409, body: { code: 'tier_has_sales' } });
    expect((await send('DELETE', `/api/dashboard/events/${id}`)).body.code).toBe('event_has_sales');
    // and back to draft would hide the page from its buyers: refused; private too
    expect((await send('PATCH', `/api/dashboard/events/${id}/status`, { statusCode: 0 })).body.code).toBe('event_has_sales');
    expect((await send('PATCH', `/api/dashboard/events/${id}/visibility`, { visibility: 2 })).body.code).toBe('event_has_sales');
  });

  it('deletes an unsold ticket category', async () => {
    const { id } = await insertEvent(db(), FIRM);
    const tier = await insertTier(db(), id);
    const answer = await send('DELETE', `/api/dashboard/ticket-tiers/${tier}`);
    expect(answer.status).toBe(200);
    expect(answer.body.ticketCategories).toEqual([]);
    expect((await send('DELETE', `/api/dashboard/ticket-tiers/${tier}`)).status).toBe(404);
  });

  it('checks every status move on the server', async () => {
    const move = async (id: string, statusCode: number) => send('PATCH', `/api/dashboard/events/${id}/status`, { statusCode });
    const unnamed = await insertEvent(db(), FIRM, { name: '' });
    expect(await move(unnamed.id, 1)).toMatchObject({ status: 400, body: { errors: { name: ['validation.required'] } } });
    const past = await insertEvent(db(), FIRM, { start_date_time: '2026-06-01T19:00:00.000Z' });
    expect((await move(past.id, 1)).body.code).toBe('event_in_past');
    const future = await insertEvent(db(), FIRM);
    expect((await move(future.id, 2)).body.code).toBe('status_not_allowed');
    expect((await move(future.id, 1)).status).toBe(200);
    expect((await move(future.id, 3)).body.code).toBe('event_not_started');
    expect((await move(future.id, 2)).body).toMatchObject({ statusCode: 2, cancelledAt: expect.any(String) });
    expect((await move(future.id, 1)).body.code).toBe('status_not_allowed');
    expect((await send('PATCH', `/api/dashboard/events/${future.id}/visibility`, { visibility: 0 })).body.code).toBe('event_closed');
    const body = await eventBody(workspace, 'owner', future.id);
    expect((await send('PUT', '/api/dashboard/events', body)).body.code).toBe('event_closed');
    // a cancelled event's page still answers (its buyers follow links to it), marked cancelled
    expect((await workspace.market.json(`/api/public/events/sid/${future.shortId}`)).body.statusCode).toBe(2);
    expect(await publicEvents()).not.toContain(`Event ${future.id}`);
    const started = await insertEvent(db(), FIRM, { status_code: 1, start_date_time: '2026-06-09T19:00:00.000Z' });
    expect((await move(started.id, 3)).body.statusCode).toBe(3);
    expect((await send('PATCH', `/api/dashboard/events/${started.id}/status`, { statusCode: 7 })).status).toBe(400);
  });

  it('lists public events only; unlisted by link; private nowhere', async () => {
    const { id, shortId } = await insertEvent(db(), FIRM, { name: 'Visibility test', status_code: 1 });
    expect(await publicEvents()).toContain('Visibility test');
    await send('PATCH', `/api/dashboard/events/${id}/visibility`, { visibility: 0 });
    expect(await publicEvents()).not.toContain('Visibility test');
    expect((await workspace.market.json(`/api/public/events/sid/${shortId}`)).status).toBe(200);
    await send('PATCH', `/api/dashboard/events/${id}/visibility`, { visibility: 2 });
    expect((await workspace.market.json(`/api/public/events/sid/${shortId}`)).status).toBe(404);
    const own = await send('GET', `/api/dashboard/events/sid/${shortId}`, undefined, 'staff');
    expect(own).toMatchObject({ status: 200, body: { visibility: 2, name: 'Visibility test' } });
  });

  it('tells the places held by unpaid orders apart from the ones paid for, per event and per tier', async () => {
    const event = await insertEvent(db(), FIRM, { name: 'Held places', status_code: 1 });
    const tier = await insertTier(db(), event.id);
    await insertPerson(db(), 'held-holder');
    await insertTickets(db(), { id: event.id, firmId: FIRM }, tier, 'held-holder', 2, 'reserved');
    await insertTickets(db(), { id: event.id, firmId: FIRM }, tier, 'held-holder', 1, 'active');
    const read = await send('GET', `/api/dashboard/events/sid/${event.shortId}`, undefined, 'staff');
    expect(read.body.held).toBe(2);
    expect(read.body.ticketCategories.find((t: { id: string }) => t.id === tier).held).toBe(2);
    const listed = await send('GET', `/api/dashboard/events?firmId=${FIRM}&size=100`, undefined, 'staff');
    expect(listed.body.content.find((e: { id: string }) => e.id === event.id).held).toBe(2);
  });

  it('lists the firm’s events of every status for the team, filtered by status', async () => {
    const all = await send('GET', `/api/dashboard/events?firmId=${FIRM}&size=100`, undefined, 'staff');
    expect(all.status).toBe(200);
    expect(all.body.content.length).toBe(all.body.totalElements);
    expect(new Set(all.body.content.map((e: { statusCode: number }) => e.statusCode)).size).toBeGreaterThan(1);
    const drafts = await send('GET', `/api/dashboard/events?firmId=${FIRM}&status=0`, undefined, 'manager');
    expect(drafts.body.content.every((e: { statusCode: number }) => e.statusCode === 0)).toBe(true);
    expect((await send('GET', `/api/dashboard/events?firmId=${FIRM}&status=9`)).status).toBe(400);
  });

  it('lets staff read but not publish', async () => {
    const { id } = await insertEvent(db(), FIRM, { name: 'Staff test' });
    expect((await send('GET', `/api/dashboard/events/${id}`, undefined, 'staff')).status).toBe(200);
    const refused = await send('PATCH', `/api/dashboard/events/${id}/status`, { statusCode: 1 }, 'staff');
    expect(refused).toMatchObject({ status: 403, body: { detail: "You don't have permission." } });
    expect((await send('GET', `/api/dashboard/events/${id}`)).body.statusCode).toBe(0);
  });
});
