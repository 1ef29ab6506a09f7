import type { ComponentType } from 'react';
import { DELETED_USER_NAME, isActivityType, type ActivityType } from '@medchest/domain';
import type { Tone } from '../components/ui/Badge';
import { ActivityIcon, BoxIcon, CertificateIcon, ShipIcon, StoreIcon } from '../components/ui/icons';

/** The icon and badge colour of each activity type (a type this version does not know: neutral). */
const LOOK: Record<ActivityType, { icon: ComponentType<{ size?: number }>; tone: Tone }> = {
  vessel_created: { icon: ShipIcon, tone: 'success' },
  vessel_updated: { icon: ShipIcon, tone: 'info' },
  vessel_deleted: { icon: ShipIcon, tone: 'danger' },
  order_created: { icon: StoreIcon, tone: 'navy' },
  order_status_updated: { icon: StoreIcon, tone: 'info' },
  certificate_updated: { icon: CertificateIcon, tone: 'success' },
  certificate_expired: { icon: CertificateIcon, tone: 'danger' },
  inventory_update: { icon: BoxIcon, tone: 'navy' },
  usage_tracked: { icon: ActivityIcon, tone: 'warning' },
};

export function activityLook(type: string): { icon: ComponentType<{ size?: number }>; tone: Tone } {
  return isActivityType(type) ? LOOK[type] : { icon: ActivityIcon, tone: 'neutral' };
}

/** 'First Last', whichever part is known; 'System' for a line no user made; 'Deleted user' once they are gone. */
export function activityUserName(user: { firstName?: string | null; lastName?: string | null; deleted?: boolean } | null | undefined): string {
  if (!user) return 'System';
  if (user.deleted) return DELETED_USER_NAME;
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return name || 'Unnamed user';
}
