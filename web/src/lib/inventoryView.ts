import { ITEM_STATUS_LABELS, ITEM_STATUS_TONES, type ItemStatus } from '@medchest/domain';
import type { Tone } from '../components/ui/Badge';
import type { BatchAnswer, VolumeRequirementRow } from '@medchest/domain';

/** Status badges of the Current Inventory table (spec 000 §4): the domain's labels and tones; any other value is 'Unknown'. */
export function statusBadge(status: string | null | undefined): { label: string; tone: Tone } {
  if (!status || !Object.hasOwn(ITEM_STATUS_LABELS, status)) return { label: 'Unknown', tone: 'neutral' };
  return { label: ITEM_STATUS_LABELS[status as ItemStatus], tone: ITEM_STATUS_TONES[status as ItemStatus] };
}

/** 'Search items...': a case-insensitive match on the scale id or the description. */
export function filterRows(rows: readonly VolumeRequirementRow[], query: string): VolumeRequirementRow[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (row) => row.scaleId.toLowerCase().includes(needle) || row.scaleDescription.toLowerCase().includes(needle),
  );
}

/** The batches of each scale item (ids compared without case), in batch number order. */
export function batchesByItem(batches: readonly BatchAnswer[]): Map<string, BatchAnswer[]> {
  const byItem = new Map<string, BatchAnswer[]>();
  for (const batch of batches) {
    const key = batch.scaleId.toLowerCase();
    const list = byItem.get(key);
    if (list) list.push(batch);
    else byItem.set(key, [batch]);
  }
  for (const list of byItem.values()) {
    list.sort((a, b) => a.batchNumber - b.batchNumber || (a.expiryDate ?? '').localeCompare(b.expiryDate ?? ''));
  }
  return byItem;
}

/** What the Required column shows: the requirement text, else the figure and unit, else a dash. */
export function requiredText(row: VolumeRequirementRow): string {
  if (row.requirement?.trim()) return row.requirement.trim();
  if (row.requiredQuantity !== null && row.requiredQuantity !== undefined) {
    return `${row.requiredQuantity}${row.requiredUnit ? ` ${row.requiredUnit}` : ''}`;
  }
  return '—';
}

/**
 * The 'View as of' date to ask the server for: a past day as YYYY-MM-DD, or undefined for today
 * (an empty picker, today itself, a day after today or anything that is not a date).
 */
export function asOfParam(picked: string, today: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(picked)) return undefined;
  return picked < today ? picked : undefined;
}

/**
 * A browser-side message as a toast: 'Invalid File: Please upload a CSV file' gives the title
 * 'Invalid File' and the rest as the description; a message without such a title gets `fallbackTitle`.
 */
export function messageToast(message: string, fallbackTitle: string): { title: string; description: string } {
  const at = message.indexOf(': ');
  if (at > 0) return { title: message.slice(0, at), description: message.slice(at + 2) };
  return { title: fallbackTitle, description: message };
}

/**
 * Quick filters above the table, so the items that make a chest non-compliant are one click away
 * rather than somewhere among 141 rows: what needs restocking (critical, low) and what needs
 * replacing soon (a counted batch expiring within 60 days).
 */
export const ITEM_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'critical', label: 'Critical' },
  { id: 'low_stock', label: 'Low' },
  { id: 'expiring', label: 'Expiring soon' },
] as const;
export type ItemFilter = (typeof ITEM_FILTERS)[number]['id'];

export function matchesItemFilter(row: VolumeRequirementRow, filter: ItemFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'expiring') return row.expiringSoon && row.complianceStatus !== 'not_required' && row.complianceStatus !== 'quantity_not_set';
  return row.complianceStatus === filter;
}

/** How many rows each quick filter shows. */
export function itemFilterCounts(rows: readonly VolumeRequirementRow[]): Record<ItemFilter, number> {
  const counts = { all: 0, critical: 0, low_stock: 0, expiring: 0 } satisfies Record<ItemFilter, number>;
  for (const row of rows) for (const { id } of ITEM_FILTERS) if (matchesItemFilter(row, id)) counts[id]++;
  return counts;
}
