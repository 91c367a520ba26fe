import type { SlotChoice } from '../../shared/bookings';
import { publicQueryKeys } from './public-query-keys';
import { visitorQueryKeys } from './visitor-query-keys';

/**
 * Every query key of the app, in one place: each `queryOptions` factory (features/<area>/api) takes its
 * key from here. Keys under 'public' hold public data and are persisted for offline reading;
 * 'saved' holds the signed-in user's saved lists and followed firms, 'wallet' their tickets and
 * orders (both keyed by user so two accounts on one device never mix, persisted for offline use and
 * forgotten at sign-out); 'user' is per-user and not persisted (lib/query-client.ts).
 */
export const queryKeys = {
  ...publicQueryKeys,
  ...visitorQueryKeys,
  savedByType: (userId: string, typeCode: number, page: number) => ['saved', userId, 'list', typeCode, page] as const,
  following: (userId: string, page: number) => ['saved', userId, 'following', page] as const,
  profile: (flip: string) => ['user', 'profile', flip.toLowerCase()] as const,
  /** the prefix of every profile key (a friendship change refreshes them) */
  profilesAll: () => ['user', 'profile'] as const,
  /** the prefix of every people list of a user (friends, requests, blocked, search) */
  peopleAll: (userId: string) => ['user', 'people', userId] as const,
  peopleList: (userId: string, list: string, params: Record<string, unknown>) => ['user', 'people', userId, list, params] as const,
  sessions: (userId: string) => ['user', 'sessions', userId] as const,
  /** the prefix of every notifications key of a user (the bell, the inbox pages, the settings) */
  notificationsAll: (userId: string) => ['user', 'notifications', userId] as const,
  /** the workspace: never persisted, never in a shared cache */
  employments: (userId: string) => ['workspace', 'user', userId, 'employments'] as const,
  receivedInvitations: (userId: string) => ['workspace', 'user', userId, 'invitations'] as const,
  invitationByToken: (token: string) => ['workspace', 'invitation', token] as const,
  usernameAvailability: (username: string) => ['workspace', 'username', username.trim().toLowerCase()] as const,
  /** the prefix of everything the workspace reads of one firm (a change refreshes it all) */
  workspaceFirm: (firmId: string) => ['workspace', 'firm', firmId] as const,
  dashFirm: (firmId: string) => ['workspace', 'firm', firmId, 'dash'] as const,
  firmHome: (firmId: string) => ['workspace', 'firm', firmId, 'home'] as const,
  firmTables: (firmId: string) => ['workspace', 'firm', firmId, 'tables'] as const,
  team: (firmId: string) => ['workspace', 'firm', firmId, 'team'] as const,
  teamMember: (firmId: string, employmentId: string) => ['workspace', 'firm', firmId, 'team', employmentId] as const,
  /** the member's places on an event's waitlists */
  myWaitlist: (userId: string, eventId: string) => ['user', 'waitlist', userId, eventId] as const,
  /** the member's places on a product's waitlists */
  myProductWaitlist: (userId: string, productId: string) => ['user', 'waitlist', userId, 'product', productId] as const,
  /** an event's waitlists as the firm's team sees them */
  firmWaitlist: (firmId: string, eventId: string) => ['workspace', 'firm', firmId, 'waitlist', eventId] as const,
  unreadCount: (userId: string) => ['user', 'notifications', userId, 'unread'] as const,
  notifications: (userId: string, language: string) => ['user', 'notifications', userId, 'list', language] as const,
  notificationSettings: (userId: string) => ['user', 'notifications', userId, 'settings'] as const,
  /** the ticket wallet, orders and each order of a user: persisted for offline use, forgotten at sign-out */
  walletAll: (userId: string) => ['wallet', userId] as const,
  wallet: (userId: string) => ['wallet', userId, 'tickets'] as const,
  orders: (userId: string, page: number) => ['wallet', userId, 'orders', page] as const,
  order: (userId: string, reference: string) => ['wallet', userId, 'order', reference] as const,
  /** a day's free slots: never persisted, they change with every booking */
  freeSlotsAll: (firmId: string) => ['user', 'booking-slots', firmId] as const,
  bookingServices: (firmId: string) => ['user', 'booking-services', firmId] as const,
  freeSlots: (firmId: string, date: string, choice: SlotChoice) =>
    ['user', 'booking-slots', firmId, date, choice.party, choice.serviceId ?? '', choice.staffId ?? ''] as const,
  myBookings: (userId: string) => ['user', 'bookings', userId] as const,
  /** a booking read by its signed link: not persisted (the link is the key to it) */
  managedBooking: (token: string) => ['user', 'booking-link', token] as const,
  /** the prefix of everything the workspace reads of a firm's bookings (an action refreshes it all) */
  firmBookingsAll: (firmId: string) => ['workspace', 'firm', firmId, 'bookings'] as const,
  firmBookings: (firmId: string, from: string, to: string) => ['workspace', 'firm', firmId, 'bookings', 'list', from, to] as const,
  bookingSetup: (firmId: string) => ['workspace', 'firm', firmId, 'bookings', 'setup'] as const,
  bookingClosures: (firmId: string) => ['workspace', 'firm', firmId, 'bookings', 'closures'] as const,
  firmCalendar: (firmId: string, from: string, to: string) => ['workspace', 'firm', firmId, 'bookings', 'calendar', from, to] as const,
  deskSlots: (firmId: string, date: string, choice: SlotChoice) =>
    ['workspace', 'firm', firmId, 'bookings', 'slots', date, choice.party, choice.serviceId ?? '', choice.staffId ?? ''] as const,
  bookingGuest: (firmId: string, bookingId: string) => ['workspace', 'firm', firmId, 'bookings', 'guest', bookingId] as const,
  calendarFeed: (firmId: string) => ['workspace', 'firm', firmId, 'calendar-feed'] as const,
  salesReport: (firmId: string, period: string, from: string, to: string) =>
    ['workspace', 'firm', firmId, 'sales-report', period, from, to] as const,
  performance: (firmId: string) => ['workspace', 'firm', firmId, 'performance'] as const,
  eventAttendees: (firmId: string, eventId: string) => ['workspace', 'firm', firmId, 'attendees', eventId] as const,
  friendSearch: (userId: string, text: string) => ['user', 'friends', userId, text] as const,
  accountSettings: (userId: string) => ['user', 'account', userId, 'settings'] as const,
  addresses: (userId: string) => ['user', 'account', userId, 'addresses'] as const,
  payments: (userId: string) => ['user', 'account', userId, 'payments'] as const,
  /** the member's activity feed (home and /profile/updates): kept on the device for offline reading, forgotten at sign-out */
  updates: (userId: string) => ['feed', userId] as const,
  /** the prefix of every conversation key of a customer (the list, each thread) */
  conversationsAll: (userId: string) => ['user', 'conversations', userId] as const,
  conversations: (userId: string) => ['user', 'conversations', userId, 'list'] as const,
  conversation: (userId: string, id: string) => ['user', 'conversations', userId, 'thread', id] as const,
  /** a firm's reviews as one person sees them (their own review, whether they may write or reply) */
  firmReviewsAll: (firmId: string) => ['user', 'reviews', firmId] as const,
  firmReviews: (firmId: string, userId: string | undefined, page: number) =>
    ['user', 'reviews', firmId, userId ?? 'anonymous', page] as const,
  /** a firm's workspace reads, each under its `workspaceFirm` prefix: a change to the firm refreshes them */
  /** the prefix of every page of the firm's post list */
  workspaceBlogLists: (firmId: string) => ['workspace', 'firm', firmId, 'blog', 'list'] as const,
  workspaceBlogList: (firmId: string, page: number) => ['workspace', 'firm', firmId, 'blog', 'list', page] as const,
  workspaceBlogPost: (firmId: string, shortId: string) => ['workspace', 'firm', firmId, 'blog', 'sid', shortId] as const,
  blogCategories: () => ['workspace', 'blog-categories'] as const,
  workspaceEvents: (firmId: string) => ['workspace', 'firm', firmId, 'events'] as const,
  workspaceEvent: (firmId: string, shortId: string) => ['workspace', 'firm', firmId, 'events', 'sid', shortId] as const,
  workspaceMenus: (firmId: string) => ['workspace', 'firm', firmId, 'menus'] as const,
  workspaceMenuItem: (firmId: string, itemId: string) => ['workspace', 'firm', firmId, 'menus', 'item', itemId] as const,
  workspaceProducts: (firmId: string, params: { page: number; low: boolean }) => ['workspace', 'firm', firmId, 'products', params] as const,
  workspaceProduct: (firmId: string, productId: string) => ['workspace', 'firm', firmId, 'product', productId] as const,
  stockMovements: (firmId: string, productId: string, page: number) =>
    ['workspace', 'firm', firmId, 'product', productId, 'movements', page] as const,
  workspacePromotions: (firmId: string) => ['workspace', 'firm', firmId, 'promotions'] as const,
  /** what a new code may apply to: the events with their tiers, the products */
  workspacePromotionTargets: (firmId: string) => ['workspace', 'firm', firmId, 'promotion-targets'] as const,
  /** the prefix of the firm's customer lists, their details and tags */
  workspaceCustomersAll: (firmId: string) => ['workspace', 'firm', firmId, 'customers'] as const,
  workspaceCustomers: (firmId: string, params: { cursor: string | undefined; filter: object }) =>
    ['workspace', 'firm', firmId, 'customers', 'list', params] as const,
  workspaceCustomer: (firmId: string, key: string) => ['workspace', 'firm', firmId, 'customers', 'one', key] as const,
  workspaceCustomerTags: (firmId: string) => ['workspace', 'firm', firmId, 'customers', 'tags'] as const,
  /** the prefix of every page of the sent announcements */
  announcementsAll: (firmId: string) => ['workspace', 'firm', firmId, 'announcements'] as const,
  announcements: (firmId: string, page: number) => ['workspace', 'firm', firmId, 'announcements', page] as const,
  /** the prefix of the firm's followers, follow requests and restricted people */
  firmAudience: (firmId: string) => ['workspace', 'firm', firmId, 'followers'] as const,
  /** a keyset page of one list: `cursor` is the previous page's `nextCursor`, none for the first */
  firmFollowers: (firmId: string, params: { list: string; cursor: string | undefined; q: string }) =>
    ['workspace', 'firm', firmId, 'followers', params] as const,
  planOrder: (firmId: string, orderId: string) => ['workspace', 'firm', firmId, 'order', orderId] as const,
  invoices: (firmId: string) => ['workspace', 'firm', firmId, 'invoices'] as const,
  /** the prefix of every firm order list (any filter) */
  firmOrdersAll: (firmId: string) => ['workspace', 'firm', firmId, 'orders'] as const,
  /** a keyset page of the list: the filter holds the page's `cursor` (the previous page's `nextCursor`) */
  firmOrders: (firmId: string, filter: { cursor?: string; status?: string; q?: string }) =>
    ['workspace', 'firm', firmId, 'orders', filter] as const,
  firmOrder: (firmId: string, reference: string) => ['workspace', 'firm', firmId, 'order', reference] as const,
  /** pickup and delivery as a firm offers them at checkout */
  fulfilmentOptions: (firmId: string) => ['user', 'fulfilment', firmId] as const,
  /** the shop's pickup and delivery settings */
  fulfilmentSettings: (firmId: string) => ['workspace', 'firm', firmId, 'fulfilment'] as const,
  /** the prefix of every station's kitchen board */
  kitchenAll: (firmId: string) => ['workspace', 'firm', firmId, 'kitchen'] as const,
  kitchenBoard: (firmId: string, station: string) => ['workspace', 'firm', firmId, 'kitchen', 'board', station] as const,
  kitchenSetup: (firmId: string) => ['workspace', 'firm', firmId, 'kitchen', 'setup'] as const,
  tillCatalogue: (firmId: string) => ['workspace', 'firm', firmId, 'till'] as const,
  tillCard: (firmId: string, reference: string) => ['workspace', 'firm', firmId, 'till-card', reference] as const,
  tillShift: (firmId: string) => ['workspace', 'firm', firmId, 'till-shift'] as const,
  tillShiftReport: (firmId: string, shiftId: string) => ['workspace', 'firm', firmId, 'till-shift', shiftId] as const,
  /** the till's offline queue on this device (IndexedDB), not a server read */
  tillQueue: (firmId: string) => ['device', 'till-queue', firmId] as const,
  /** outside `kitchenAll`: a ticket's move does not change which dishes are off */
  kitchenDishes: (firmId: string) => ['workspace', 'firm', firmId, 'kitchen-dishes'] as const,
  /** what the workspace reads of a user (employments, invitations): all users', or one's */
  workspaceUsers: () => ['workspace', 'user'] as const,
  workspaceUser: (userId: string) => ['workspace', 'user', userId] as const,
  reports: (userId: string) => ['user', 'reports', userId] as const,
  /** an admin's action told to the member it concerns */
  moderationNotice: (actionId: string) => ['user', 'moderation', actionId] as const,
  /** the admin area (/fladmin): never persisted; one factory, as the entry carries this file */
  admin: (...path: ReadonlyArray<string | number>) => ['user', 'admin', ...path] as const,
  notificationLists: (userId: string) => ['user', 'notifications', userId, 'list'] as const,
  /** the workspace's inbox of a firm and its threads */
  firmConversationsAll: (firmId: string) => ['workspace', 'firm', firmId, 'conversations'] as const,
  firmConversations: (firmId: string) => ['workspace', 'firm', firmId, 'conversations', 'list'] as const,
  firmConversation: (firmId: string, id: string) => ['workspace', 'firm', firmId, 'conversations', 'thread', id] as const,
};

export { mutationKeys } from './visitor-query-keys';
