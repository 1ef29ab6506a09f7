import type { ComponentType } from 'react';
import { ACTIVITY_TYPE_TONES, DELETED_USER_NAME, isActivityType, type ActivityType } from '@medchest/domain';
import type { Tone } from '../components/ui/Badge';
import { ActivityIcon, BoxIcon, CertificateIcon, ShipIcon, StoreIcon } from '../components/ui/icons';

/** The icon of each activity type; its badge colour is the domain's (ACTIVITY_TYPE_TONES). */
const ICON: Record<ActivityType, ComponentType<{ size?: number }>> = {
  vessel_created: ShipIcon,
  vessel_updated: ShipIcon,
  vessel_deleted: ShipIcon,
  order_created: StoreIcon,
  order_status_updated: StoreIcon,
  certificate_updated: CertificateIcon,
  certificate_expired: CertificateIcon,
  inventory_update: BoxIcon,
  usage_tracked: ActivityIcon,
};

/** A type this version does not know reads as neutral, with the generic icon. */
export function activityLook(type: string): { icon: ComponentType<{ size?: number }>; tone: Tone } {
  return isActivityType(type) ? { icon: ICON[type], tone: ACTIVITY_TYPE_TONES[type] } : { icon: ActivityIcon, tone: 'neutral' };
}

/** 'First Last', whichever part is known; 'System' for a line no user made; 'Deleted user' once they are gone. */
export function activityUserName(user: { firstName?: string | null; lastName?: string | null; deleted?: boolean } | null | undefined): string {
  if (!user) return 'System';
  if (user.deleted) return DELETED_USER_NAME;
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return name || 'Unnamed user';
}
