import {
  type LucideIcon,
  BarChart3,
  Boxes,
  CalendarDays,
  ChefHat,
  ClipboardList,
  Gauge,
  Heart,
  House,
  IdCard,
  Megaphone,
  NotebookPen,
  Receipt,
  Settings,
  ShoppingBag,
  Sparkles,
  Store,
  Ticket,
  UserRound,
  Users,
  UtensilsCrossed,
  CalendarCheck,
  Calculator,
  BadgePercent,
  QrCode,
} from 'lucide-react';
import type { Permission } from '../../../../shared/permissions';
import { isEnabled, planAllowing, type FeatureEntry, type PlanFeatureKey, type PlanKey } from '../../../../shared/plans';

export const NAV_GROUPS = ['overview', 'catalogue', 'sales', 'audience', 'content', 'team', 'account'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavEntry {
  /** the workspace route segment, e.g. `menu` for /workspace/menu (also the i18n key: nav.<key>) */
  key: string;
  group: NavGroup;
  icon: LucideIcon;
  permission: Permission;
  /** a plan feature the area needs on top of the role */
  feature?: PlanFeatureKey;
}

/** Every workspace area, grouped; sub-routes belong to their area (see `entryForPath`). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'home', group: 'overview', icon: House, permission: 'firm.view' },
  { key: 'calendar', group: 'overview', icon: CalendarDays, permission: 'reports.view' },
  { key: 'reports', group: 'overview', icon: BarChart3, permission: 'reports.view', feature: 'REPORTS' },
  { key: 'performance', group: 'overview', icon: Gauge, permission: 'reports.view', feature: 'PERFORMANCE' },
  {
    key: 'announcements',
    group: 'overview',
    icon: Megaphone,
    permission: 'announcements.send',
    feature: 'ANNOUNCEMENTS',
  },
  { key: 'menu', group: 'catalogue', icon: UtensilsCrossed, permission: 'catalogue.view' },
  { key: 'shop', group: 'catalogue', icon: ShoppingBag, permission: 'catalogue.view' },
  { key: 'inventory', group: 'catalogue', icon: Boxes, permission: 'catalogue.view' },
  { key: 'orders', group: 'sales', icon: ClipboardList, permission: 'sales.handle' },
  { key: 'pos', group: 'sales', icon: Calculator, permission: 'sales.handle', feature: 'POS' },
  { key: 'kitchen', group: 'sales', icon: ChefHat, permission: 'sales.handle', feature: 'KITCHEN' },
  // the team prints the codes; owners and managers add tables and choose counter payment on the page
  { key: 'tables', group: 'sales', icon: QrCode, permission: 'sales.handle' },
  { key: 'bookings', group: 'sales', icon: CalendarCheck, permission: 'sales.handle', feature: 'BOOKINGS' },
  { key: 'promotions', group: 'sales', icon: BadgePercent, permission: 'promotions.manage' },
  { key: 'followers', group: 'audience', icon: Heart, permission: 'audience.view' },
  // customers' messages: the whole team may answer them (messages.reply), on every plan
  { key: 'customers', group: 'audience', icon: Users, permission: 'messages.reply' },
  { key: 'events', group: 'content', icon: Ticket, permission: 'content.edit' },
  { key: 'blog', group: 'content', icon: NotebookPen, permission: 'content.edit' },
  { key: 'team', group: 'team', icon: IdCard, permission: 'team.view' },
  { key: 'me', group: 'team', icon: UserRound, permission: 'firm.view' },
  { key: 'business-profile', group: 'account', icon: Store, permission: 'firm.edit' },
  { key: 'settings', group: 'account', icon: Settings, permission: 'firm.settings' },
  { key: 'subscription', group: 'account', icon: Sparkles, permission: 'plan.view' },
  { key: 'billing', group: 'account', icon: Receipt, permission: 'billing.view' },
];

/** Sub-routes whose rule differs from their area's (e.g. adding an employee needs `team.invite`). */
const SUB_ROUTES: readonly { prefix: string; entry: string; permission?: Permission }[] = [
  { prefix: 'sort-menu', entry: 'menu', permission: 'catalogue.edit' },
  { prefix: 'team/emp', entry: 'team' },
];

/** `team/emp/abc` → the entry it belongs to, and the permission that route needs. */
export function entryForPath(pathname: string): { entry: NavEntry; permission: Permission } | undefined {
  const rest = pathname.replace(/^\/workspace\/?/, '').replace(/\/+$/, '');
  if (!rest) return undefined;
  const sub = SUB_ROUTES.find((route) => rest === route.prefix || rest.startsWith(`${route.prefix}/`));
  const key = sub ? sub.entry : rest.split('/')[0];
  const entry = NAV_ENTRIES.find((candidate) => candidate.key === key);
  if (!entry) return undefined;
  // adding an employee (team/emp) needs the invite permission; an employee's page (team/emp/{id}) the team's
  const permission = rest === 'team/emp' ? 'team.invite' : (sub?.permission ?? entry.permission);
  return { entry, permission };
}

export type EntryAccess = { state: 'open' } | { state: 'role' } | { state: 'plan'; requiredPlan: PlanKey | undefined };

/** Whether the employee may open an area: their role first, then the firm's plan. */
export function entryAccess(
  permission: Permission,
  feature: PlanFeatureKey | undefined,
  granted: readonly Permission[],
  features: readonly FeatureEntry[],
): EntryAccess {
  if (!granted.includes(permission)) return { state: 'role' };
  if (feature && !isEnabled(features, feature)) return { state: 'plan', requiredPlan: planAllowing(feature, 0) };
  return { state: 'open' };
}
