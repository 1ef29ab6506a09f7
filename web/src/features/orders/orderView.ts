import { OPEN_WITH_SUPPLIER, ORDER_STATUS_LABELS, ORDER_STATUS_TONES, supplierStatusLabel, type OrderStatus } from '@medchest/domain';
import type { Tone } from '../../components/ui/Badge';

/** The status badge: the domain's label and tone (spec 001 §4: other statuses in amber). */
export function orderStatusBadge(status: string): { label: string; tone: Tone } {
  const known = Object.hasOwn(ORDER_STATUS_LABELS, status) ? (status as OrderStatus) : undefined;
  if (!known) return { label: status.replace(/_/g, ' '), tone: 'warning' };
  return { label: ORDER_STATUS_LABELS[known], tone: ORDER_STATUS_TONES[known] };
}

/** The badge of a status as the supplier is shown it: an ordered order is 'Sent to supplier' to them. */
export function supplierStatusBadge(status: string): { label: string; tone: Tone } {
  if (status === 'sent_to_supplier') return { label: supplierStatusLabel(status), tone: ORDER_STATUS_TONES.ordered };
  return orderStatusBadge(status);
}

/** Money as the tables show it; '—' when unknown. */
export const formatMoney = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(2));

/** Orders whose goods may be received on board: the domain's rule (with the supplier). */
export const RECEIVABLE: readonly string[] = OPEN_WITH_SUPPLIER;
/** Export is offered for approved and ordered orders (spec 001 §2). */
export const EXPORTABLE: readonly string[] = ['approved', 'ordered'];
