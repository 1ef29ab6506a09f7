import { certificateBadge, certificateExpiryOf, type CertificateBadge, type CsvValue } from '@medchest/domain';
import { formatDate } from '../../lib/dates';
import { NOT_SET, NOT_SPECIFIED } from '../../lib/texts';
import type { Vessel } from '@medchest/domain';

/** One row of the dashboard's Vessel Certificate Expiry table, with the texts of spec 000 §4. */
export interface ExpiryRow {
  id: string;
  vesselName: string;
  fleet: string;
  company: string;
  expiryDate: string;
  daysLeftText: string;
  daysLeft: number | null;
  badge: CertificateBadge;
  expiry: string | null;
}

export function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return 'N/A';
  if (daysLeft < 0) return `Expired ${-daysLeft} days ago`;
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** Soonest expiry first; vessels without a date last (then by name, so the order is stable). */
export function certificateExpiryRows(vessels: readonly Vessel[], today: Date): ExpiryRow[] {
  return vessels
    .map((v): ExpiryRow => {
      const expiry = certificateExpiryOf(v);
      const { badge, daysLeft } = certificateBadge(expiry, today);
      return {
        id: v.id,
        vesselName: v.vesselName,
        fleet: v.fleet || NOT_SPECIFIED,
        company: v.ownershipCompany || NOT_SPECIFIED,
        expiryDate: formatDate(expiry) ?? NOT_SET,
        daysLeftText: daysLeftText(daysLeft),
        daysLeft,
        badge,
        expiry,
      };
    })
    .sort((a, b) => {
      if (a.daysLeft === null || b.daysLeft === null) {
        if (a.daysLeft === b.daysLeft) return a.vesselName.localeCompare(b.vesselName);
        return a.daysLeft === null ? 1 : -1;
      }
      return a.daysLeft - b.daysLeft || a.vesselName.localeCompare(b.vesselName);
    });
}

/**
 * The table's rows for the Export Report file, header first. The page writes them with the
 * domain's toCsv, loaded when the export is asked for (downloadCsv; papaparse is not among the
 * dashboard's first bytes, issue 14).
 */
export function certificateExpiryCsvRows(rows: readonly ExpiryRow[]): CsvValue[][] {
  const header = ['Vessel', 'Fleet', 'Company', 'Expiry Date', 'Days Left', 'Status'];
  return [header, ...rows.map((r) => [r.vesselName, r.fleet, r.company, r.expiryDate, r.daysLeftText, r.badge])];
}
