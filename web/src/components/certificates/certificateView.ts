import {
  CERTIFICATE_STATUS_LABELS,
  certificateStatus,
  daysUntil,
  type CertificateStatus,
  type CsvValue,
} from '@medchest/domain';
import type { VesselCertificateRow } from './useCertificates';

/** The toggles of the certificates page: Active shows valid only (spec 000 §4). */
export type CertificateFilter = 'active' | 'expiring' | 'expired';
export const FILTER_STATUS: Record<CertificateFilter, CertificateStatus> = { active: 'valid', expiring: 'expiring', expired: 'expired' };

export interface CertificateRowView extends VesselCertificateRow {
  status: CertificateStatus;
  statusLabel: string;
  daysLeft: number | null;
}

export function certificateRows(rows: readonly VesselCertificateRow[], today: Date): CertificateRowView[] {
  return rows.map((row) => {
    const status = certificateStatus({ hasFile: row.certificate?.hasFile ?? false, expiryDate: row.certificate?.expiryDate }, today);
    return {
      ...row,
      status,
      statusLabel: CERTIFICATE_STATUS_LABELS[status],
      daysLeft: row.certificate ? daysUntil(row.certificate.expiryDate, today) : null,
    };
  });
}

/** Search (vessel, IMO, issuer, file name) and the one toggle that is on, if any. */
export function filterCertificateRows(rows: readonly CertificateRowView[], search: string, filter: CertificateFilter | null): CertificateRowView[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (filter && row.status !== FILTER_STATUS[filter]) return false;
    if (!needle) return true;
    return [row.vesselName, row.imoNumber, row.certificate?.certificateIssuer, row.certificate?.fileName].some((value) =>
      value?.toLowerCase().includes(needle),
    );
  });
}

/**
 * The Export CSV file's rows, header first. The page writes them with the domain's toCsv, which it
 * loads when the export is asked for (papaparse is not among the page's first bytes, issue 14).
 */
export function certificatesCsvRows(rows: readonly CertificateRowView[]): CsvValue[][] {
  const header = ['Vessel', 'IMO Number', 'Certificate', 'Issue Date', 'Expiry Date', 'Supplier', 'Status'];
  return [
    header,
    ...rows.map((r) => [r.vesselName, r.imoNumber, r.certificate?.fileName ?? '', r.certificate?.issueDate ?? '', r.certificate?.expiryDate ?? '', r.certificate?.certificateIssuer ?? '', r.statusLabel]),
  ];
}
