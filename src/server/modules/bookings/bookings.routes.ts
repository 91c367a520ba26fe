import type { AppDeps } from '../../app-deps';
import {
  bookingActionParamSchema,
  bookingServiceInputSchema,
  bookingServiceSchema,
  publicServicesSchema,
  bookingInputSchema,
  bookingRulesSchema,
  bookingSetupSchema,
  bookingStateSchema,
  bookingTableInputSchema,
  bookingTableSchema,
  firmBookingsQuerySchema,
  firmBookingsSchema,
  bookingTokenSchema,
  closureInputSchema,
  closureSchema,
  closuresSchema,
  freeSlotsQuerySchema,
  moveByLinkInputSchema,
  moveInputSchema,
  freeSlotsSchema,
  guestBookingInputSchema,
  managedBookingSchema,
  myBookingSchema,
  myBookingsSchema,
  GUEST_HOLD_MINUTES,
} from '../../../shared/bookings';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { normalizeLanguage } from '../../../shared/i18n';
import { requestLanguage } from '../../../shared/request-language';
import { requireUser, userOf } from '../../lib/auth-context';
import { clientAddress } from '../../lib/client-address';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { createBookingByLinkService } from './booking-by-link.service';
import { createBookingClosureService } from './booking-closures.service';
import { moveBooking } from './booking-moves';
import { createBookingLinks } from './booking-links';
import { createBookingListService } from './booking-lists.service';
import { publishBookingChange } from './booking-live';
import { createBookingNotices } from './booking-notices';
import { bookingPaymentFlow } from './booking-payments';
import { createBookingSetupService } from './booking-setup.service';
import { createBookingServiceSetup, publicServices } from './booking-services.service';
import { bookAsMember, slotOffer } from './bookings.service';

const teamTags = ['Workspace: bookings'];
const security = SIGNED_IN;

const list = createRoute({
  method: 'get',
  path: '/',
  tags: teamTags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's bookings starting in [from, to), with the firm's time zone to show them in",
  request: { query: firmBookingsQuerySchema },
  responses: { 200: json(firmBookingsSchema, 'The bookings.', 'FirmBookings'), ...problems(400, 401, 403) },
});
const setup = createRoute({
  method: 'get',
  path: '/setup',
  tags: teamTags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'What can be booked: the tables and the booking rules',
  request: { query: firmIdQuerySchema },
  responses: { 200: json(bookingSetupSchema, 'The tables and rules.', 'BookingSetup'), ...problems(400, 401, 403) },
});
const saveRules = createRoute({
  method: 'put',
  path: '/rules',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Saves the booking rules (409 `grid_in_use`: the slot grid cannot change while bookings are to come)',
  request: { query: firmIdQuerySchema, body: jsonBody(bookingRulesSchema) },
  responses: { 200: json(bookingRulesSchema, 'The rules.', 'BookingRules'), ...problems(400, 401, 403, 409) },
});
const addTable = createRoute({
  method: 'post',
  path: '/tables',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Adds a table (or an area) with its seats; the first one puts "Book" on the firm page',
  description: 'Only on a plan with BOOKINGS (403 `plan_limit` names `requiredPlan`).',
  request: { query: firmIdQuerySchema, body: jsonBody(bookingTableInputSchema) },
  responses: { 201: json(bookingTableSchema, 'The table.', 'BookingTable'), ...problems(400, 401, 403) },
});
const removeTable = createRoute({
  method: 'delete',
  path: '/tables/{id}',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit', entityFirm('booking_tables', 'id'))],
  summary: 'Removes a table (409 `table_booked` while it has bookings to come)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404, 409) },
});
const act = createRoute({
  method: 'post',
  path: '/{id}/{action}',
  tags: teamTags,
  security,
  middleware: [requireEmployment('sales.handle', entityFirm('bookings', 'id'))],
  summary: 'Confirms a pending booking, cancels one (its table is free again) or records a no-show',
  description: '409 `booking_state` when the booking is not in a state the action applies to (a no-show only once it has started).',
  request: { params: bookingActionParamSchema },
  responses: { 200: json(bookingStateSchema, 'The booking’s new status.', 'BookingState'), ...problems(400, 401, 403, 404, 409) },
});

const addService = createRoute({
  method: 'post',
  path: '/services',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Adds a service booked with a staff member: its length, price (null: free), buffers and who of the team gives it',
  description: 'Only on a plan with BOOKINGS (403 `plan_limit`); 400 `not_in_team` when a staff member is not of the firm’s active team.',
  request: { query: firmIdQuerySchema, body: jsonBody(bookingServiceInputSchema) },
  responses: { 201: json(bookingServiceSchema, 'The service.', 'BookingService'), ...problems(400, 401, 403) },
});
const updateService = createRoute({
  method: 'put',
  path: '/services/{id}',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit', entityFirm('booking_services', 'id'))],
  summary: 'Changes a service; bookings already made keep their time and staff member',
  request: { params: idParam, body: jsonBody(bookingServiceInputSchema) },
  responses: { 200: json(bookingServiceSchema, 'The service.', 'BookingService'), ...problems(400, 401, 403, 404) },
});
const removeService = createRoute({
  method: 'delete',
  path: '/services/{id}',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit', entityFirm('booking_services', 'id'))],
  summary: 'Removes a service (409 `service_booked` while it has bookings to come)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404, 409) },
});

const closures = createRoute({
  method: 'get',
  path: '/closures',
  tags: teamTags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's closures that have not ended yet (days off, blocked times), the soonest first",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(closuresSchema, 'The closures.', 'BookingClosures'), ...problems(400, 401, 403) },
});
const addClosure = createRoute({
  method: 'post',
  path: '/closures',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Closes the firm for bookings between two wall-clock times of its zone, with an optional reason',
  description: 'No start whose turn overlaps the closure is offered or accepted (409 `closed`); bookings already inside it stand.',
  request: { query: firmIdQuerySchema, body: jsonBody(closureInputSchema) },
  responses: { 201: json(closureSchema, 'The closure.', 'BookingClosure'), ...problems(400, 401, 403) },
});
const removeClosure = createRoute({
  method: 'delete',
  path: '/closures/{id}',
  tags: teamTags,
  security,
  middleware: [requireEmployment('firm.edit', entityFirm('booking_closures', 'id'))],
  summary: 'Removes a closure: its times can be booked again',
  request: { params: idParam },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404) },
});

/** The language the caller reads a refusal in. */
export const callerLanguage = (request: Request) => normalizeLanguage(requestLanguage(request));

/** `/api/dashboard/bookings`: the team's setup and list of the firm's bookings. */
export function firmBookingRoutes(deps: AppDeps) {
  const lists = createBookingListService(deps.db, deps.clock, createBookingNotices(deps).confirmed, bookingPaymentFlow(deps).cancelled);
  const setups = createBookingSetupService(deps.db, deps.clock);
  const closed = createBookingClosureService(deps.db, deps.clock);
  const offered = createBookingServiceSetup(deps.db, deps.clock);
  return createRouter()
    .openapi(addService, async (c) => c.json(await offered.add(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(updateService, async (c) =>
      c.json(await offered.update(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json')), 200, PRIVATE_NO_STORE),
    )
    .openapi(removeService, async (c) => {
      await offered.remove(employmentOf(c).firmId, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(closures, async (c) => c.json(await closed.upcoming(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(addClosure, async (c) => {
      const { firmId } = employmentOf(c);
      const added = await closed.add(firmId, c.req.valid('json'));
      await publishBookingChange(deps, firmId);
      return c.json(added, 201, PRIVATE_NO_STORE);
    })
    .openapi(removeClosure, async (c) => {
      const { firmId } = employmentOf(c);
      await closed.remove(firmId, c.req.valid('param').id);
      await publishBookingChange(deps, firmId);
      return c.body(null, 204);
    })
    .openapi(list, async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await lists.forFirm(employmentOf(c).firmId, from, to), 200, PRIVATE_NO_STORE);
    })
    .openapi(setup, async (c) => c.json(await setups.setup(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(saveRules, async (c) => c.json(await setups.saveRules(employmentOf(c).firmId, c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(addTable, async (c) => c.json(await setups.addTable(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(removeTable, async (c) => {
      await setups.removeTable(employmentOf(c).firmId, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(act, async (c) => {
      const { id, action } = c.req.valid('param');
      const { firmId } = employmentOf(c);
      const status = await lists.act(firmId, id, action);
      await publishBookingChange(deps, firmId);
      return c.json({ id, status }, 200, PRIVATE_NO_STORE);
    });
}

const slots = createRoute({
  method: 'get',
  path: '/slots',
  tags: ['Bookings'],
  summary: "The starts of a day (the firm's local date) at which a table for the party, or a staff member of the service, is free",
  request: { query: freeSlotsQuerySchema },
  responses: { 200: json(freeSlotsSchema, 'The free starts, as instants, and the firm’s zone.', 'FreeSlots'), ...problems(400, 404) },
});

const services = createRoute({
  method: 'get',
  path: '/services',
  tags: ['Bookings'],
  summary: "The firm's services that someone of its team gives, with their prices and staff, and whether it has tables",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(publicServicesSchema, 'The services.', 'PublicServices'), ...problems(400, 404) },
});

const bookByLink = createRoute({
  method: 'post',
  path: '/',
  tags: ['Bookings'],
  summary: 'A visitor without an account books with a name and an email; the table is held until the mailed link confirms it',
  description: `The hold lapses after ${GUEST_HOLD_MINUTES} minutes unconfirmed. 409 as for a member's booking (slot_taken, not_a_slot, party_too_large, with \`nextSlots\`).`,
  request: { body: jsonBody(guestBookingInputSchema) },
  responses: { 201: json(managedBookingSchema, 'The booking, waiting for its link.', 'ManagedBooking'), ...problems(400, 404, 409, 429) },
});
const manage = createRoute({
  method: 'get',
  path: '/manage',
  tags: ['Bookings'],
  summary: "A booking as its signed link shows it, in the firm's time zone, with its cancellation deadline",
  request: { query: bookingTokenSchema },
  responses: { 200: json(managedBookingSchema, 'The booking.', 'ManagedBooking'), ...problems(400, 404) },
});
const confirmByLink = createRoute({
  method: 'post',
  path: '/manage/confirm',
  tags: ['Bookings'],
  summary: "Confirms a visitor's booking by its link, before its hold lapses",
  description: '409 `link_lapsed` when the hold lapsed first. Confirming again changes nothing.',
  request: { body: jsonBody(bookingTokenSchema) },
  responses: { 200: json(managedBookingSchema, 'The booking.', 'ManagedBooking'), ...problems(400, 404, 409) },
});
const cancelByLink = createRoute({
  method: 'post',
  path: '/manage/cancel',
  tags: ['Bookings'],
  summary: "Cancels a booking by its link until the firm's deadline; its table is free again",
  description: '409 `cancel_deadline` once the deadline has passed, `booking_state` when it is cancelled already.',
  request: { body: jsonBody(bookingTokenSchema) },
  responses: { 200: json(managedBookingSchema, 'The booking, cancelled.', 'ManagedBooking'), ...problems(400, 404, 409) },
});

const moveByLink = createRoute({
  method: 'post',
  path: '/manage/move',
  tags: ['Bookings'],
  summary: "Moves a booking by its link to another free start of the firm, until the firm's deadline",
  description:
    'The old table is freed and the new one taken in one transaction. 409 `change_deadline` once the deadline has passed, `booking_state` when it cannot move (cancelled, seated), and as for a booking: `closed` (its detail in the caller’s language), not_a_slot, slot_taken with `nextSlots`.',
  request: { body: jsonBody(moveByLinkInputSchema) },
  responses: { 200: json(managedBookingSchema, 'The booking at its new time.', 'ManagedBooking'), ...problems(400, 404, 409) },
});

const payByLink = createRoute({
  method: 'post',
  path: '/manage/payment',
  tags: ['Bookings'],
  summary: "A paid booking's payment by its link: where it stands (the provider is asked), and its payment step while it is due",
  description: 'A step given up is opened afresh while the booking holds its time; a booking with nothing to pay is answered as it is.',
  request: { body: jsonBody(bookingTokenSchema) },
  responses: { 200: json(managedBookingSchema, 'The booking with its payment.', 'ManagedBooking'), ...problems(400, 404) },
});

/** `/api/public/bookings`: the free slots anyone may look at, and what a booking's link does. */
export function publicBookingRoutes(deps: AppDeps) {
  const byLink = createBookingByLinkService(
    deps.db,
    deps.clock,
    createBookingLinks(deps.secrets.refreshKey, deps.env.publicUrl),
    createBookingNotices(deps),
    (firmId) => publishBookingChange(deps, firmId),
    bookingPaymentFlow(deps),
  );
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'guest-bookings', max: 10, windowMs: 60 * 60_000 }, () =>
    deps.clock().getTime(),
  );
  return createRouter()
    .openapi(slots, async (c) => {
      const { date, ...choice } = c.req.valid('query');
      return c.json(await slotOffer(deps.db, choice, date, deps.clock()), 200);
    })
    .openapi(services, async (c) => c.json(await publicServices(deps.db, c.req.valid('query').firmId), 200))
    .openapi(bookByLink, async (c) => {
      const verdict = await limit.consume(clientAddress(c));
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many bookings');
      return c.json(await byLink.book(c.req.valid('json')), 201, PRIVATE_NO_STORE);
    })
    .openapi(manage, async (c) => c.json(await byLink.view(c.req.valid('query').token), 200, PRIVATE_NO_STORE))
    .openapi(confirmByLink, async (c) => c.json(await byLink.confirm(c.req.valid('json').token), 200, PRIVATE_NO_STORE))
    .openapi(cancelByLink, async (c) => c.json(await byLink.cancel(c.req.valid('json').token), 200, PRIVATE_NO_STORE))
    .openapi(payByLink, async (c) => c.json(await byLink.pay(c.req.valid('json').token), 200, PRIVATE_NO_STORE))
    .openapi(moveByLink, async (c) => {
      const { token, startsAt } = c.req.valid('json');
      return c.json(await byLink.move(token, new Date(startsAt), callerLanguage(c.req.raw)), 200, PRIVATE_NO_STORE);
    });
}

const mine = createRoute({
  method: 'get',
  path: '/',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: 'My bookings that have not ended yet, the soonest first',
  responses: { 200: json(myBookingsSchema, 'My bookings.', 'MyBookings'), ...problems(401) },
});
const one = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: 'One of my bookings',
  request: { params: idParam },
  responses: { 200: json(myBookingSchema, 'The booking.', 'MyBooking'), ...problems(401, 404) },
});
const book = createRoute({
  method: 'post',
  path: '/',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: 'Books a table for a party at one of the free starts',
  description:
    '409 with `code` slot_taken (someone was quicker), not_a_slot (off the grid, past the latest notice or the horizon) or party_too_large, and `nextSlots`: the next free starts of that day.',
  request: { body: jsonBody(bookingInputSchema) },
  responses: { 201: json(myBookingSchema, 'The booking.', 'MyBooking'), ...problems(400, 401, 404, 409, 429) },
});

const cancelMine = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: 'Cancels one of my bookings before it starts; its table is free again',
  description: '409 `booking_state` once it has started or when it is cancelled already.',
  request: { params: idParam },
  responses: { 200: json(myBookingSchema, 'The booking, cancelled.', 'MyBooking'), ...problems(401, 404, 409) },
});

const moveMine = createRoute({
  method: 'post',
  path: '/{id}/move',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: "Moves one of my bookings to another free start of the firm, until the firm's deadline",
  description:
    'The old table is freed and the new one taken in one transaction. 409 `change_deadline`, `booking_state`, `closed`, not_a_slot or slot_taken (with `nextSlots`).',
  request: { params: idParam, body: jsonBody(moveInputSchema) },
  responses: { 200: json(myBookingSchema, 'The booking at its new time.', 'MyBooking'), ...problems(400, 401, 404, 409) },
});

const payMine = createRoute({
  method: 'post',
  path: '/{id}/payment',
  tags: ['Bookings'],
  security,
  middleware: [requireUser],
  summary: "One of my paid bookings' payment: where it stands (the provider is asked), and its payment step while it is due",
  description: 'A step given up is opened afresh while the booking holds its time.',
  request: { params: idParam },
  responses: { 200: json(myBookingSchema, 'The booking with its payment.', 'MyBooking'), ...problems(401, 404) },
});

/** The payment step sends a member back to their bookings, which ask where the payment stands. */
const memberReturnPath = (id: string) => `/profile/bookings?paid=${encodeURIComponent(id)}`;

/** `/api/user/bookings`: a signed-in member books, reads, moves, pays and cancels their bookings. */
export function memberBookingRoutes(deps: AppDeps) {
  const notices = createBookingNotices(deps);
  const paid = bookingPaymentFlow(deps);
  const lists = createBookingListService(deps.db, deps.clock, notices.confirmed, paid.cancelled);
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'bookings', max: 30, windowMs: 60 * 60_000 }, () => deps.clock().getTime());
  return createRouter()
    .openapi(mine, async (c) => c.json(await lists.upcoming((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(one, async (c) => c.json(await lists.one((await userOf(c)).id, c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(payMine, async (c) => {
      const user = await userOf(c);
      const { id } = c.req.valid('param');
      // the booking must be theirs before the provider is asked anything about it
      await lists.one(user.id, id);
      await paid.settle(id, memberReturnPath(id));
      return c.json(await lists.one(user.id, id), 200, PRIVATE_NO_STORE);
    })
    .openapi(cancelMine, async (c) => {
      const cancelled = await lists.cancelMine((await userOf(c)).id, c.req.valid('param').id);
      await publishBookingChange(deps, cancelled.firm.id);
      return c.json(cancelled, 200, PRIVATE_NO_STORE);
    })
    .openapi(moveMine, async (c) => {
      const user = await userOf(c);
      const { id } = c.req.valid('param');
      const move = { id, startsAt: new Date(c.req.valid('json').startsAt), owner: { userId: user.id }, byBooker: true };
      const { firmId } = await moveBooking(deps.db, { ...move, language: callerLanguage(c.req.raw) }, deps.clock(), notices);
      await publishBookingChange(deps, firmId);
      return c.json(await lists.one(user.id, id), 200, PRIVATE_NO_STORE);
    })
    .openapi(book, async (c) => {
      const user = await userOf(c);
      const verdict = await limit.consume(user.id);
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many bookings');
      const input = c.req.valid('json');
      const { id } = await bookAsMember(
        deps.db,
        user.id,
        { ...input, startsAt: new Date(input.startsAt), language: callerLanguage(c.req.raw) },
        deps.clock(),
        notices,
      );
      await paid.open(id, memberReturnPath(id));
      await publishBookingChange(deps, input.firmId);
      return c.json(await lists.one(user.id, id), 201, PRIVATE_NO_STORE);
    });
}
