import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../../../shared/events';
import { initTestI18n, renderInRouter } from '../../../components/test-utils';
import { markSignedIn, markSignedOut } from '../../../lib/session';
import enTickets from '../../../locales/en/tickets.json';
import PurchaseForm from './purchase-form';

const open = { salesStart: null, salesEnd: null, maxPerOrder: null };
/** The purchase form as a buyer uses it: its rules, what Proceed sends, and a refusal shown in the form. */
const event = {
  id: 'e1',
  shortId: 'evt1',
  currency: 'EUR',
  timezone: 'UTC',
  ticketCategories: [
    { ...open, id: 't1', name: 'Standard', description: 'Standing room.', price: 1500, available: 50 },
    { ...open, id: 't2', name: 'VIP', description: null, price: 4500, available: 0 },
    { ...open, id: 't3', name: 'Early bird', description: null, price: 1000, available: 20, salesEnd: '2020-01-01T00:00:00.000Z' },
    { ...open, id: 't4', name: 'Door', description: null, price: 2000, available: 20, salesStart: '2999-01-01T20:00:00.000Z' },
    { ...open, id: 't5', name: 'Pair', description: null, price: 1200, available: 20, maxPerOrder: 1 },
  ],
  addons: [{ addonId: 'a1', name: 'Poster', price: 500 }],
} as unknown as EventDetail;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  const i18n = await initTestI18n();
  i18n.addResourceBundle('en', 'tickets', enTickets, true, true);
});

beforeEach(() => {
  markSignedIn({
    id: 'me',
    firstName: 'Layla',
    lastName: 'Haddad',
    flip: 'layla',
    imagePath: null,
    totalFriends: 1,
    statusCode: 1,
    regionPreference: 'EU',
    hourFormat: 24,
  });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/user/people/friends'))
      return json({ content: [{ id: 'omar', name: 'Omar Benali', flip: 'omar', imagePath: null }] });
    return json({ type: 'about:blank', title: 'Conflict', status: 409, code: 'sold_out', detail: 'Sold out.' }, 409);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  markSignedOut();
  vi.unstubAllGlobals();
});

const summaryText = () => screen.getByTestId('purchase-summary').textContent?.replace(/[\u2066-\u2069]/g, '');

describe('the purchase form', () => {
  it('starts with the buyer as holder, the chosen tier and its title; the summary only has lines above 0', async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t1" onCancel={() => {}} />);
    expect(screen.getByLabelText('Ticket tier')).toHaveValue('t1');
    expect(screen.getByTestId('selected-tier')).toHaveTextContent('Standard');
    expect(screen.getByRole('option', { name: 'VIP (sold out)' })).toBeDisabled();
    expect(screen.getAllByTestId('holder-chip').map((chip) => chip.querySelector('[dir="auto"]')?.textContent)).toEqual([
      'You (Layla Haddad)',
    ]);
    expect(summaryText()).toBe('Standard€15.00Total€15.00');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });

  it('does not offer a tier outside its sales window, and says when it sells', async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t4" onCancel={() => {}} />);
    expect(screen.getByRole('option', { name: 'Early bird (sales ended)' })).toBeDisabled();
    const door = screen.getByRole('option', { name: /^Door \(on sale from / });
    expect(door).toBeDisabled();
    expect(door.textContent).toContain('2999');
    expect(screen.getByTestId('tier-not-on-sale').textContent).toMatch(/^on sale from .*2999/);
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it("holds a tier's limit per order: one holder too many blocks Proceed", async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t5" onCancel={() => {}} />);
    expect(screen.getByText('At most 1 ticket per order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled();
    fireEvent.change(screen.getByPlaceholderText('Buy to people…'), { target: { value: 'Om' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Omar Benali' }));
    expect(screen.getByText('This tier sells at most 1 ticket per order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it("adds a friend from 'Buy to people…' and an add-on: 'x 2' and the total follow", async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t1" onCancel={() => {}} />);
    fireEvent.change(screen.getByPlaceholderText('Buy to people…'), { target: { value: 'Om' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Omar Benali' }));
    expect(screen.getAllByTestId('holder-chip').map((chip) => chip.querySelector('[dir="auto"]')?.textContent)).toEqual([
      'You (Layla Haddad)',
      'Omar Benali',
    ]);
    const friendsCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/user/people/friends'));
    expect(String(friendsCall?.[0])).toBe('/api/user/people/friends?page=0&size=20&userId=me&searchName=Om');
    fireEvent.click(screen.getByRole('button', { name: 'One more Poster' }));
    expect(summaryText()).toBe('Standard x 2€30.00Poster€5.00Total€35.00');
    // ten at most, in whole steps
    const quantity = screen.getByLabelText('Quantity of Poster');
    fireEvent.change(quantity, { target: { value: '14' } });
    expect(quantity).toHaveValue(10);
    expect(screen.getByRole('button', { name: 'One more Poster' })).toBeDisabled();
  });

  it('keeps Proceed disabled without a holder', async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t1" onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Layla Haddad' }));
    expect(screen.getByText('Add at least one person.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it('Proceed sends the holders, the add-ons above 0, the total it showed and an Idempotency-Key; a refusal shows in the form', async () => {
    await renderInRouter(<PurchaseForm event={event} categoryId="t1" onCancel={() => {}} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Proceed' })));
    await waitFor(() =>
      expect(screen.getByTestId('purchase-problem')).toHaveTextContent('Sold out: there are not enough places left in this tier.'),
    );
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u) === '/api/user/orders/tickets')!;
    expect(url).toBe('/api/user/orders/tickets');
    expect(JSON.parse(String(init.body))).toEqual({
      eventId: 'e1',
      categoryId: 't1',
      holderIds: ['me'],
      addons: [],
      expectedTotal: 1500,
      currency: 'EUR',
    });
    const key = (init.headers as Record<string, string>)['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // the same purchase again (a retry) keeps its key
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Proceed' })));
    const calls = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/user/orders/tickets');
    expect(calls).toHaveLength(2);
    expect((calls[1][1].headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    expect(within(screen.getByTestId('purchase-form')).getByRole('alert')).toBeInTheDocument();
  });
});

describe('a sold-out tier', () => {
  const answer = (entries: unknown[]) =>
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/user/waitlist/events/e1') return json({ entries });
      if (url === '/api/user/waitlist/tiers/t2' && init?.method === 'POST')
        return json({ categoryId: 't2', quantity: 2, status: 'waiting', position: 3, offeredUntil: null }, 201);
      return json({ type: 'about:blank', title: 'Conflict', status: 409, code: 'sold_out', detail: 'Sold out.' }, 409);
    });

  it('offers its waitlist instead of the purchase: joining sends the quantity', async () => {
    answer([]);
    await renderInRouter(<PurchaseForm event={event} categoryId="t2" onCancel={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'VIP is sold out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
    fireEvent.change(screen.getByLabelText('How many tickets'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => {
      const joined = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/user/waitlist/tiers/t2' && init?.method === 'POST');
      expect(JSON.parse(String(joined?.[1]?.body))).toEqual({ quantity: 2 });
    });
  });

  it("shows the member's place in line, with a way to leave", async () => {
    answer([{ categoryId: 't2', quantity: 2, status: 'waiting', position: 3, offeredUntil: null }]);
    await renderInRouter(<PurchaseForm event={event} categoryId="t2" onCancel={() => {}} />);
    expect(await screen.findByTestId('waitlist-place')).toHaveTextContent('You are number 3 in line for 2 tickets.');
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeEnabled();
  });

  it('sells the seats a waitlist offer holds for the member until it ends', async () => {
    answer([{ categoryId: 't2', quantity: 1, status: 'offered', position: null, offeredUntil: '2999-01-01T20:00:00.000Z' }]);
    await renderInRouter(<PurchaseForm event={event} categoryId="t2" onCancel={() => {}} />);
    expect((await screen.findByTestId('waitlist-offer')).textContent).toMatch(/^1 place from the waitlist is held for you until .*2999/);
    expect(screen.getByRole('option', { name: /^VIP · / })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });
});
