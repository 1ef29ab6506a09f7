import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, type OrderStatus, type OrderStatusTone } from '@medchest/domain';
import type { Tone } from '../../components/ui/Badge';

const BADGE_TONES: Record<OrderStatusTone, Tone> = {
  neutral: 'neutral',
  info: 'info',
  primary: 'navy',
  success: 'success',
  amber: 'warning',
  muted: 'neutral',
};

/** The status badge: the domain's label and tone (spec 001 §4: other statuses in amber). */
export function orderStatusBadge(status: string): { label: string; tone: Tone } {
  const known = status in ORDER_STATUS_LABELS ? (status as OrderStatus) : undefined;
  if (!known) return { label: status.replace(/_/g, ' '), tone: 'warning' };
  return { label: ORDER_STATUS_LABELS[known], tone: BADGE_TONES[ORDER_STATUS_TONES[known]] };
}

/** Money as the tables show it; '—' when unknown. */
export const formatMoney = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(2));

/** Orders whose goods may be received on board. */
export const RECEIVABLE: readonly string[] = ['ordered', 'acknowledged', 'in_progress', 'fulfilled'];
/** Export is offered for approved and ordered orders (spec 001 §2). */
export const EXPORTABLE: readonly string[] = ['approved', 'ordered'];
