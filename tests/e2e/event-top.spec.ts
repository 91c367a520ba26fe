import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Above the fold on a phone, the event page gives what a buyer needs: start and
 * end with the time zone and add to calendar (.ics and Google), the venue's address with a map
 * link, the price (one category) or lowest price, tickets left or sold out, the organiser with a
 * link to the firm, and the conditions.
 */

interface Detail {
  shortId: string;
  name: string;
  firmUsername: string;
  firmName: string;
  available: number;
  currency: string;
  ticketCategories: { price: number }[];
}

async function eventsWithCategories(request: APIRequestContext, count: (n: number) => boolean): Promise<Detail> {
  const list = (await (await request.post('/api/public/events?page=0&size=50', { data: {} })).json()) as { content: { shortId: string }[] };
  for (const { shortId } of list.content) {
    const detail = (await (await request.get(`/api/public/events/sid/${shortId}`)).json()) as Detail;
    if (count(detail.ticketCategories.length)) return detail;
  }
  throw new Error('no such event in the seed');
}

test('a phone shows when, where, tickets, organiser and conditions above the fold; the calendar file is a real .ics', async ({
  page,
  request,
}) => {
  const event = await eventsWithCategories(request, (n) => n === 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${event.shortId}`);
  const facts = page.getByTestId('event-key-facts');
  const aboveFold = async (locator: ReturnType<typeof page.locator>) => {
    const box = await locator.boundingBox();
    expect(box, 'rendered').not.toBeNull();
    expect(box!.y + box!.height, 'above the fold').toBeLessThanOrEqual(844);
  };

  await expect(page.getByTestId('event-when')).toContainText(/\d{1,2}:\d{2}.*UTC/);
  await aboveFold(page.getByTestId('event-when'));
  await aboveFold(page.getByTestId('event-map'));
  await aboveFold(page.getByTestId('event-tickets'));
  await expect(facts.getByTestId('event-map')).toHaveAttribute('href', /openstreetmap\.org/);

  // one ticket category: its price, and what is left
  const price = new Intl.NumberFormat('en', { style: 'currency', currency: event.currency }).format(event.ticketCategories[0].price / 100);
  await expect(page.getByTestId('event-tickets')).toContainText(event.available === 0 ? 'Sold out' : /tickets? left/);
  expect((await page.getByTestId('event-tickets').textContent())!.replace(/[\u2068\u2069]/g, '')).toContain(price);

  // the organiser links to the firm
  await expect(page.getByRole('link', { name: event.firmName }).first()).toHaveAttribute('href', `/${event.firmUsername}`);

  // add to calendar: a file and a Google link
  const ics = await request.get((await page.getByTestId('calendar-ics').getAttribute('href'))!);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain(`SUMMARY:${event.name.replace(/,/g, '\\,')}`);
  await expect(page.getByTestId('calendar-google')).toHaveAttribute(
    'href',
    /calendar\.google\.com\/calendar\/render\?action=TEMPLATE.*dates=\d{8}T\d{6}Z/,
  );
  // the link a calendar keeps leads back to the event from anywhere: absolute, in the server's HTML too
  const html = await (await request.get(page.url(), { headers: { Accept: 'text/html' } })).text();
  expect(html).toMatch(/calendar\.google\.com[^"]*details=[^"]*https?%3A%2F%2F[^"]*%2Fevent%2F/);

  // the conditions
  await page.getByRole('button', { name: 'Refunds and conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Conditions' })).toBeVisible();
});
