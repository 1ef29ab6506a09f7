import { flagStateLabel, vesselTypeLabel } from '@medchest/domain';
import type { Vessel } from '@medchest/domain';

/**
 * The vessels list's search, sort and pages (issue 15, "Lists that grow"): pure, so a fleet of 500
 * behaves the same as the demo's 31. Everything is done on the list the server answered (already
 * only the vessels the user may see).
 */

/** Rows per page: the demo fleet fits on one; a fleet of 500 is ten pages. */
export const VESSELS_PAGE_SIZE = 50;

export type VesselSortKey = 'vesselName' | 'imoNumber' | 'fleet' | 'flagState' | 'crewSizeCategory' | 'contractEndDate';
export type SortDirection = 'asc' | 'desc';
export interface VesselSort {
  key: VesselSortKey;
  direction: SortDirection;
}

/** The columns in table order, each with the header it sorts. */
export const VESSEL_SORT_COLUMNS: readonly { key: VesselSortKey; label: string }[] = [
  { key: 'vesselName', label: 'Vessel Name' },
  { key: 'imoNumber', label: 'IMO Number' },
  { key: 'fleet', label: 'Fleet' },
  { key: 'flagState', label: 'Flag State' },
  { key: 'crewSizeCategory', label: 'Crew Size' },
  { key: 'contractEndDate', label: 'Contract End' },
];

export const DEFAULT_VESSEL_SORT: VesselSort = { key: 'vesselName', direction: 'asc' };

/** A vessel matches when every word of the query is in its name, IMO, fleet, company, type or flag. */
export function matchesVesselSearch(vessel: Vessel, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    vessel.vesselName,
    vessel.imoNumber,
    vessel.fleet,
    vessel.ownershipCompany,
    vessel.vesselType ? vesselTypeLabel(vessel.vesselType) : '',
    flagStateLabel(vessel.flagState),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What a column sorts by: the text the user sees (flag names, not codes); blanks go last either way. */
function sortValue(vessel: Vessel, key: VesselSortKey): string | number | null {
  switch (key) {
    case 'crewSizeCategory':
      return vessel.crewSizeCategory;
    case 'flagState':
      return flagStateLabel(vessel.flagState);
    default:
      return vessel[key] || null;
  }
}

export function sortVessels(vessels: readonly Vessel[], { key, direction }: VesselSort): Vessel[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...vessels].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
      return collator.compare(a.vesselName, b.vesselName);
    }
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order !== 0 ? sign * order : collator.compare(a.vesselName, b.vesselName);
  });
}

/** A click on a column header: that column ascending, or the other direction when it is the current one. */
export function nextSort(current: VesselSort, key: VesselSortKey): VesselSort {
  return current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}

export interface VesselPage {
  rows: Vessel[];
  /** 1-based, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown, for "1-50 of 500". */
  first: number;
  last: number;
}

export function pageOf(vessels: readonly Vessel[], page: number, size = VESSELS_PAGE_SIZE): VesselPage {
  const pageCount = Math.max(1, Math.ceil(vessels.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const rows = vessels.slice(start, start + size);
  return { rows, page: current, pageCount, first: rows.length ? start + 1 : 0, last: start + rows.length };
}
