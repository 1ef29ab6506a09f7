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
  /** Matches only the exact path (the dashboard at /). */
  end?: boolean;
}

/** The menu by role (spec 000 §2 Navigation, §6). A pending account has no menu beyond the footer. */
export function navigationFor(user: AuthUser): NavItem[] {
  if (user.status === 'pending') return [];
  const vesselId = captainVesselId(user);
  if (vesselId) {
    return [
      { to: '/', label: 'Dashboard', icon: DashboardIcon, end: true },
      { to: `/inventory/${vesselId}`, label: 'Medical Inventory', icon: BoxIcon },
      { to: '/compliance', label: 'Compliance Status', icon: ShieldIcon },
      { to: '/orders', label: 'Supply Orders', icon: StoreIcon },
    ];
  }
  const items: NavItem[] = [
    { to: '/', label: 'Dashboard', icon: DashboardIcon, end: true },
    { to: '/vessels', label: 'Vessels', icon: ShipIcon },
    { to: '/compliance', label: 'Compliance', icon: ShieldIcon },
    { to: '/certificates', label: 'Certificates', icon: CertificateIcon },
    { to: '/reports', label: 'Reports', icon: ChartIcon },
    { to: '/orders', label: 'Orders', icon: StoreIcon },
    { to: '/activity', label: 'Activity', icon: ActivityIcon },
  ];
  if (user.role === 'admin') items.push({ to: '/admin/users', label: 'Admin Portal', icon: UsersIcon });
  return items;
}
