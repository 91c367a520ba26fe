/**
 * The workspace's written permission matrix (docs/architecture.md): what each role of a firm's
 * team may do. The server enforces it on every /api/dashboard and /api/business route through one
 * middleware (src/server/lib/permissions.ts, `requireEmployment(permission)`); the workspace shows
 * and locks its entries by it, and the team page shows it read-only. A new capability is one row
 * here, never a role check written in a route.
 */
export const ROLES = ['OWNER', 'MANAGER', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];

/** Role × permission. `true` grants; there is no other source of truth. */
export const PERMISSION_MATRIX = {
  /** open the workspace: dash-firm, home, my employment, leaving */
  'firm.view': { OWNER: true, MANAGER: true, STAFF: true },
  /** the business profile: name, description, cover, address, hours, contact */
  'firm.edit': { OWNER: true, MANAGER: true, STAFF: false },
  /** settings: page language, currency, whether the page is published */
  'firm.settings': { OWNER: true, MANAGER: false, STAFF: false },
  /** see who is on the team */
  'team.view': { OWNER: true, MANAGER: true, STAFF: true },
  /** invite people and withdraw invitations (managers cannot make owners) */
  'team.invite': { OWNER: true, MANAGER: true, STAFF: false },
  /** change someone's role or profession, remove them (only owners touch owners) */
  'team.manage': { OWNER: true, MANAGER: true, STAFF: false },
  /** compare plans and see the firm's usage */
  'plan.view': { OWNER: true, MANAGER: true, STAFF: false },
  /** change the plan (the one thing that costs money) */
  'plan.change': { OWNER: true, MANAGER: false, STAFF: false },
  /** invoices and receipts */
  'billing.view': { OWNER: true, MANAGER: false, STAFF: false },
  /** events and blog posts: create, edit, publish, delete */
  'content.edit': { OWNER: true, MANAGER: true, STAFF: false },
  /** menus, products and stock: read in the workspace */
  'catalogue.view': { OWNER: true, MANAGER: true, STAFF: true },
  /** menus, products and stock: create, edit, sort, delete */
  'catalogue.edit': { OWNER: true, MANAGER: true, STAFF: false },
  /** orders, the till, the kitchen screen, bookings: take and fulfil */
  'sales.handle': { OWNER: true, MANAGER: true, STAFF: true },
  /** the till's rules: let it sell for cash offline, give a discount above the limit */
  'till.manage': { OWNER: true, MANAGER: true, STAFF: false },
  /** promo codes: create them, see their uses, deactivate them */
  'promotions.manage': { OWNER: true, MANAGER: true, STAFF: false },
  /** give money back: refund an order, or some of its tickets or lines */
  'sales.refund': { OWNER: true, MANAGER: true, STAFF: false },
  /** the firm's private calendar feed: see its secret URL, make a new one (it holds guests' names) */
  'calendar.feed': { OWNER: true, MANAGER: true, STAFF: false },
  /** reports, performance, the calendar's figures */
  'reports.view': { OWNER: true, MANAGER: true, STAFF: false },
  /** followers and customers: see them */
  'audience.view': { OWNER: true, MANAGER: true, STAFF: false },
  /** answer follow requests, restrict someone from following or writing, lift it */
  'audience.manage': { OWNER: true, MANAGER: true, STAFF: false },
  /** answer customers' messages on the firm's behalf */
  'messages.reply': { OWNER: true, MANAGER: true, STAFF: true },
  /** announcements to followers */
  'announcements.send': { OWNER: true, MANAGER: true, STAFF: false },
  /** check tickets in at an event's door (the ticket list, scans, the log) */
  'checkin.scan': { OWNER: true, MANAGER: true, STAFF: true },
  /** take back a mistaken admission at the door */
  'checkin.undo': { OWNER: true, MANAGER: true, STAFF: false },
} as const satisfies Record<string, Record<Role, boolean>>;

export type Permission = keyof typeof PERMISSION_MATRIX;
export const PERMISSIONS = Object.keys(PERMISSION_MATRIX) as Permission[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`; an unknown role holds nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isRole(role) && PERMISSION_MATRIX[permission][role];
}

/** Every permission of a role, in the matrix's order (sent to the client with the employment). */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/**
 * Team changes beyond the matrix: managers may only hand out or take away the staff and manager
 * roles (never touch an owner or make one); owners may do anything. The last owner rule is the
 * server's (it needs the count).
 */
export function mayAssignRole(actor: Role, target: { current?: Role; next?: Role }): boolean {
  if (actor === 'OWNER') return true;
  if (actor !== 'MANAGER') return false;
  return target.current !== 'OWNER' && target.next !== 'OWNER';
}
