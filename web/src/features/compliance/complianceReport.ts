import { complianceReportSummary, flagStateLabel, reportFileName, type ComplianceReportSummary, type CsvValue } from '@medchest/domain';
import { format, isValid, parseISO } from 'date-fns';
import { DATE_FORMAT, formatDate } from '../../lib/dates';
import { NOT_SET, NOT_SPECIFIED } from '../../lib/texts';
import type { DashboardStats, FleetComplianceItem } from '@medchest/domain';

/**
 * The compliance report as a CSV built in the browser (spec 000 §2, §3 "Report"): the report's
 * name and date, the summary (totalVessels, compliantVessels, criticalAlerts, expiringItems,
 * compliancePercentage, under the specification's names), then one row per vessel. Export Report
 * writes it from the page's data; a generated audit report is downloaded in the same layout. The
 * page writes these rows with the domain's toCsv, loaded when a download is asked for
 * (downloadCsv; papaparse is not among the page's first bytes, issue 14).
 */

export const COMPLIANCE_REPORT_NAME = 'Compliance Report';

/** The summary keys, in the specification's order. */
export const SUMMARY_KEYS = ['totalVessels', 'compliantVessels', 'criticalAlerts', 'expiringItems', 'compliancePercentage'] as const;

export const VESSEL_COLUMNS = [
  'Vessel Name',
  'IMO Number',
  'Flag State',
  'Fleet',
  'Ownership Company',
  'Crew Size',
  'Compliance Status',
  'Critical Items',
  'Low Stock Items',
  'Expiring Items',
  'Last Medical Review',
  'Certificate Expiry',
] as const;

/** What a vessel row of the report needs: a fleet compliance item (the report's rows are such items). */
export type ReportVesselInput = Pick<FleetComplianceItem, 'vesselName' | 'imoNumber' | 'flagState' | 'complianceStatus'> &
  Partial<Omit<FleetComplianceItem, 'vesselName' | 'imoNumber' | 'flagState' | 'complianceStatus'>>;

export interface ComplianceReportContent {
  name: string;
  /** When the figures were read (an ISO timestamp or a Date). */
  generatedAt: string | Date;
  summary: ComplianceReportSummary;
  vessels: readonly ReportVesselInput[];
}

/** The page's summary from the stats answer: the domain's rule for the percentage. */
export function summaryFromStats(stats: DashboardStats): ComplianceReportSummary {
  return complianceReportSummary(stats);
}

const asDate = (value: string | Date): Date => (typeof value === 'string' ? parseISO(value) : value);

function vesselCells(v: ReportVesselInput): (string | number)[] {
  return [
    v.vesselName,
    v.imoNumber,
    flagStateLabel(v.flagState),
    v.fleet || NOT_SPECIFIED,
    v.ownershipCompany || NOT_SPECIFIED,
    v.crewSizeCategory ?? '',
    v.complianceStatus,
    // Counts the server did not send read as none, never as a blank a spreadsheet cannot sum.
    v.criticalItems ?? 0,
    v.lowStockItems ?? 0,
    v.expiringItems ?? 0,
    formatDate(v.lastMedicalReview) ?? NOT_SET,
    formatDate(v.medicalChestCertificateExpiry) ?? NOT_SET,
  ];
}

/** The report's rows, in the file's order. */
export function complianceReportCsvRows(report: ComplianceReportContent): CsvValue[][] {
  const generated = asDate(report.generatedAt);
  return [
    ['Report', report.name],
    ['Generated', isValid(generated) ? format(generated, DATE_FORMAT) : ''],
    [],
    ['Summary'],
    ...SUMMARY_KEYS.map((key) => [key, report.summary[key]]),
    [],
    ['Vessels'],
    [...VESSEL_COLUMNS],
    ...report.vessels.map(vesselCells),
  ];
}

/** The download's file name: the report's name and the day it was generated (spec 000 §2 Reports). */
export function complianceReportFileName(report: Pick<ComplianceReportContent, 'name' | 'generatedAt'>): string {
  const generated = asDate(report.generatedAt);
  return reportFileName(report.name, format(isValid(generated) ? generated : new Date(), 'yyyy-MM-dd'));
}
