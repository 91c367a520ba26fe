import type { AppDeps } from '../../app-deps';
import { bookingGuestSchema, bookingNoteInputSchema, bookingNoteSchema, manualBookingInputSchema } from '../../../shared/booking-desk';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { z } from 'zod';
import { createBookingDeskService } from './booking-desk.service';
import { publishBookingChange } from './booking-live';
import { createBookingNotices } from './booking-notices';
import { moveBooking } from './booking-moves';
import { callerLanguage } from './bookings.routes';
import { bookingStateSchema, moveInputSchema } from '../../../shared/bookings';

const tags = ['Workspace: bookings desk'];
const security = SIGNED_IN;
const bookingFirm = entityFirm('bookings', 'id');

const book = createRoute({
  method: 'post',
  path: '/bookings',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary:
    'Books a table, or a service with a staff member (or whoever is free), for a caller (name, and a phone number or email if they give one) at one of the free starts',
  description:
    'The same rules and the same atomic hold of a table or a staff member’s time as a booking from the firm’s page: 409 with `code` slot_taken, not_a_slot, party_too_large or no_such_service and `nextSlots`, the next free starts of that day. A paid service booked here is paid at the firm.',
  request: { query: firmIdQuerySchema, body: jsonBody(manualBookingInputSchema) },
  responses: { 201: json(z.object({ id: z.string() }), 'The booking’s id.', 'ManualBooking'), ...problems(400, 401, 403, 404, 409) },
});
const guest = createRoute({
  method: 'get',
  path: '/bookings/{id}/guest',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', bookingFirm)],
  summary: "A booking's guest as the firm knows them (visits, no-shows, recent bookings) and the team's notes on it",
  request: { params: idParam },
  responses: { 200: json(bookingGuestSchema, 'The guest and the notes.', 'BookingGuest'), ...problems(401, 403, 404) },
});
const note = createRoute({
  method: 'post',
  path: '/bookings/{id}/notes',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', bookingFirm)],
  summary: 'Adds a note of the team to a booking (an allergy, a high chair, a regular)',
  request: { params: idParam, body: jsonBody(bookingNoteInputSchema) },
  responses: { 201: json(bookingNoteSchema, 'The note.', 'BookingNote'), ...problems(400, 401, 403, 404) },
});

const move = createRoute({
  method: 'post',
  path: '/bookings/{id}/move',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', bookingFirm)],
  summary: 'Moves a booking (waiting or confirmed) to another free start; the booker gets the new time by mail',
  description:
    'The team is not held to the booker’s deadline, only to the rules of any booking: 409 `closed`, not_a_slot or slot_taken (with `nextSlots`), `booking_state` once it has started or ended.',
  request: { params: idParam, body: jsonBody(moveInputSchema) },
  responses: { 200: json(bookingStateSchema, 'The booking’s status.', 'BookingState'), ...problems(400, 401, 403, 404, 409) },
});

/** `/api/dashboard/booking-desk`: what the team does at the desk besides the booking actions. */
export function bookingDeskRoutes(deps: AppDeps) {
  const notices = createBookingNotices(deps);
  const desk = createBookingDeskService(deps.db, deps.clock, notices);
  return createRouter()
    .openapi(move, async (c) => {
      const { firmId } = employmentOf(c);
      const { id } = c.req.valid('param');
      const startsAt = new Date(c.req.valid('json').startsAt);
      const language = callerLanguage(c.req.raw);
      const { status } = await moveBooking(deps.db, { id, startsAt, owner: { firmId }, byBooker: false, language }, deps.clock(), notices);
      await publishBookingChange(deps, firmId);
      return c.json({ id, status }, 200, PRIVATE_NO_STORE);
    })
    .openapi(book, async (c) => {
      const { firmId } = employmentOf(c);
      const booked = await desk.book(firmId, c.req.valid('json'), callerLanguage(c.req.raw));
      await publishBookingChange(deps, firmId);
      return c.json(booked, 201, PRIVATE_NO_STORE);
    })
    .openapi(guest, async (c) => c.json(await desk.guest(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(note, async (c) => {
      const { firmId, userId } = employmentOf(c);
      const added = await desk.addNote(c.req.valid('param').id, userId, c.req.valid('json').body);
      await publishBookingChange(deps, firmId);
      return c.json(added, 201, PRIVATE_NO_STORE);
    });
}
