import type { ComponentType } from 'react';
import type { AuthUser } from '../../lib/auth';
import { captainVesselId } from '../../lib/auth';
import {
  ActivityIcon,
  BoxIcon,
  CertificateIcon,
  ChartIcon,
  DashboardIcon,
  ShieldIcon,
  ShipIcon,
  StoreIcon,
  UsersIcon,
} from '../ui/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** The exact paths where this item is the current page; without it, `to` and every path under it. */
  paths?: readonly string[];
}

/** The dashboard is at / and at /dashboard alike (spec 000 §2). */
const DASHBOARD_PATHS = ['/', '/dashboard'] as const;

/** The admin area's pages (its own tabs lead from one to the other). */
const ADMIN_PATHS = ['/admin/users', '/admin/scales'] as const;

/** Whether the menu item stands for the page at `pathname` (highlighted, aria-current). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.paths) return item.paths.includes(path);
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** The menu by role (spec 000 §2 Navigation, §6). A pending account has no menu beyond the footer. */
export function navigationFor(user: AuthUser): NavItem[] {
  if (user.status === 'pending') return [];
  const vesselId = captainVesselId(user);
  if (vesselId) {
    return [
      { to: '/', label: 'Dashboard', icon: DashboardIcon, paths: DASHBOARD_PATHS },
      { to: `/inventory/${vesselId}`, label: 'Medical Inventory', icon: BoxIcon },
      { to: '/compliance', label: 'Compliance Status', icon: ShieldIcon },
      { to: '/orders', label: 'Supply Orders', icon: StoreIcon },
    ];
  }
  const items: NavItem[] = [
    { to: '/', label: 'Dashboard', icon: DashboardIcon, paths: DASHBOARD_PATHS },
    { to: '/vessels', label: 'Vessels', icon: ShipIcon },
    { to: '/compliance', label: 'Compliance', icon: ShieldIcon },
    { to: '/certificates', label: 'Certificates', icon: CertificateIcon },
    { to: '/reports', label: 'Reports', icon: ChartIcon },
    { to: '/orders', label: 'Orders', icon: StoreIcon },
    { to: '/activity', label: 'Activity', icon: ActivityIcon },
  ];
  if (user.role === 'admin') items.push({ to: '/admin/users', label: 'Admin Portal', icon: UsersIcon, paths: ADMIN_PATHS });
  return items;
}
