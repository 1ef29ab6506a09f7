import { toCsv, type CsvValue } from '../shared/csvExport';
import type { GeneratedReportData } from './build';
import { REPORT_SUMMARY_LABELS, reportTitle } from './build';
import { REPORT_TYPE_LABELS } from './request';

/**
 * A generated report as CSV (spec 000 §2: each type its own layout). The head says what it is:
 * title, period, vessel count and the log position it was built from; then the summary figures;
 * then the type's table. The generation time is not printed: two reports built from the same log
 * position are the same file, byte for byte.
 */
export function reportCsv(report: GeneratedReportData): string {
  const rows: CsvValue[][] = [
    [reportTitle(report.reportType)],
    ['Period', report.period.from, report.period.to],
    ['Vessels', report.vessels.length],
    ['Log position', report.logPosition],
    [],
    ...Object.entries(report.summary).map(([key, value]): CsvValue[] => [REPORT_SUMMARY_LABELS[key] ?? key, value]),
    [],
    report.table.columns,
    ...report.table.rows,
  ];
  return `${toCsv(rows)}\n`;
}

/** The rows of the summary, labelled, for any screen or file that prints them. */
export function reportSummaryLines(report: Pick<GeneratedReportData, 'summary'>): { key: string; label: string; value: number }[] {
  return Object.entries(report.summary).map(([key, value]) => ({ key, label: REPORT_SUMMARY_LABELS[key] ?? key, value }));
}

/** "Compliance Summary" for a generated type, "Compliance Audit" for the audit report. */
export function reportTypeLabel(reportType: string): string {
  return reportType in REPORT_TYPE_LABELS ? REPORT_TYPE_LABELS[reportType as keyof typeof REPORT_TYPE_LABELS] : 'Compliance Audit';
}
