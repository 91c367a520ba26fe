import { REPORT_TARGETS, type ReportTarget } from '../../shared/report-kinds';
import { defined, int, oneOf, str, type Defined, type Search } from './search-params';

/*
 * The search params of the signed-in sections' routes (signed-in-sections.ts), parsed like the public ones
 * (search-params.ts). Their route declarations load with the whole route tree on the first signed-in page, so
 * these stay out of every visitor's entry.
 */

/** /profile/notifications?tab=settings */
export const notificationsSearch = (s: Search) => defined({ tab: oneOf(s.tab, ['settings'] as const) });

/** /profile/people?tab= */
export const peopleSearch = (s: Search) => defined({ tab: oneOf(s.tab, ['requests', 'sent', 'find', 'blocked'] as const) });

/** /profile/help/report?type&id&name: what is reported. */
export const reportSearch = (s: Search): Defined<{ type: ReportTarget; id: string; name: string }> =>
  defined({ type: oneOf(s.type, REPORT_TARGETS), id: str(s.id, 64), name: str(s.name, 200) });

/** /profile/orders/{reference}?from=payment&cancelled=1: back from the payment step (given up when cancelled). */
export const orderSearch = (s: Search) => defined({ from: oneOf(s.from, ['payment'] as const), cancelled: int(s.cancelled, 0, 1) });

/** /profile/bookings?paid=: the booking whose payment step sent the member back. */
export const myBookingsSearch = (s: Search) => defined({ paid: str(s.paid, 64, true) });

/** /business: the invitation a mail or a notification opens (`?invitation=`). */
export const businessSearch = (s: Search) => defined({ invitation: str(s.invitation, 100) });

/** /workspace/billing: the order the payment step returns to (`?order=`). */
export const billingSearch = (s: Search) => defined({ order: str(s.order, 64) });

/** /workspace/pos: the sale whose card step returns to the till (`?card=SK-…`). */
export const tillSearch = (s: Search) => defined({ card: str(s.card, 32) });

/** /workspace/subscription/{name}: `?canceled=1` when the payment step was left (the router reads 1 as a number). */
export const planSearch = (s: Search) => defined({ canceled: s.canceled === 1 || s.canceled === '1' ? ('1' as const) : undefined });

/** `/profile/messages?firm=username`: the firm page's 'Message' button. */
export const newConversationSearch = (s: Search) => defined({ firm: str(s.firm, 64, true) });

/**
 * `/workspace/customers`: `?tab=messages` the inbox, `?conversation=id` the open conversation (a
 * notification's link), `?customer=key` the open customer.
 */
export const customersSearch = (s: Search) =>
  defined({
    tab: oneOf(s.tab, ['messages'] as const),
    conversation: str(s.conversation, 64),
    customer: str(s.customer, 400),
    // the list's search and filters, kept in the address so reload and Back keep them (its keyset pages are not)
    q: str(s.q, 60, true),
    did: oneOf(s.did, ['bought', 'booked', 'follower', 'consents'] as const),
    tag: str(s.tag, 60, true),
  });

/** /workspace/menu/item: the menu a new item goes in. */
export const menuItemSearch = (s: Search) => defined({ menuId: str(s.menuId, 64), sectionId: str(s.sectionId, 64) });
