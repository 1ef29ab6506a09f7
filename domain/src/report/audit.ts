import { compliancePercentage, fleetComplianceSummary } from '../compliance/fleet';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { GeneratedReportData } from './build';
import { reportName } from './request';
import type { AuditReportGeneratedData, ComplianceReportSummary, ReportEvent, ReportGeneratedData, ReportVessel } from './events';

/**
 * The audit report (spec 000 §7 POST /api/reports/audit): the fleet's compliance figures and
 * every vessel's row at the moment it is generated, recorded as AuditReportGenerated.
 */

export const AUDIT_REPORT_NAME = 'Compliance Audit Report';

/** A report as the API answers it (spec 000 §3 "Report"). */
export interface AuditReport {
  id: string;
  name: string;
  generatedAt: string;
  data: {
    reportType: 'audit';
    generatedAt: string;
    summary: ComplianceReportSummary;
    vessels: ReportVessel[];
  };
}

/** The fleet figures a compliance report's summary is made of (the dashboard stats carry them). */
export interface ComplianceFigures {
  totalVessels: number;
  compliantVessels: number;
  criticalAlerts: number;
  expiringItems: number;
}

/** A report's summary from fleet figures: the percentage by the domain's one rule. */
export function complianceReportSummary(figures: ComplianceFigures): ComplianceReportSummary {
  const { totalVessels, compliantVessels, criticalAlerts, expiringItems } = figures;
  return {
    totalVessels,
    compliantVessels,
    criticalAlerts,
    expiringItems,
    compliancePercentage: compliancePercentage(compliantVessels, totalVessels),
  };
}

/** The summary of a set of vessel rows: the fleet rules of compliance/fleet.ts applied to them. */
export function summarizeReportVessels(vessels: readonly ReportVessel[]): ComplianceReportSummary {
  const fleet = fleetComplianceSummary(
    vessels.map((v) => ({ status: v.complianceStatus, criticalItems: v.criticalItems, expiringBatches: v.expiringItems })),
  );
  return complianceReportSummary(fleet);
}

export type ReportState = { status: 'none' } | { status: 'generated'; reportId: string };
export const initialReportState = (): ReportState => ({ status: 'none' });

export function evolveReport(state: ReportState, event: ReportEvent): ReportState {
  switch (event.type) {
    case 'AuditReportGenerated':
    case 'ReportGenerated':
      return { status: 'generated', reportId: event.data.reportId };
  }
}

export type ReportCommand =
  | {
      type: 'GenerateAuditReport';
      reportId: string;
      /** ISO timestamp: when the figures were read. */
      generatedAt: string;
      /** Every vessel of the fleet as the read model answered it. */
      vessels: readonly ReportVessel[];
    }
  | {
      type: 'GenerateReport';
      reportId: string;
      vesselIds: readonly string[];
      /** The report as built from the vessels' facts (build.ts): recorded as it is. */
      report: GeneratedReportData;
    };

export const REPORT_EXISTS_MESSAGE = 'This report has already been generated';

/**
 * A report is generated once under its id; its summary is always the fleet rules applied to the
 * very rows it carries, so the recorded figures and the recorded table can never disagree.
 */
export function decideReport(command: ReportCommand, state: ReportState): ReportEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', REPORT_EXISTS_MESSAGE);
  if (command.type === 'GenerateReport') {
    const { report } = command;
    return [
      {
        type: 'ReportGenerated',
        data: {
          reportId: command.reportId,
          name: reportName(report.reportType),
          reportType: report.reportType,
          generatedAt: report.generatedAt,
          period: report.period,
          logPosition: report.logPosition,
          vesselIds: [...command.vesselIds],
          summary: report.summary,
          vessels: report.vessels,
          table: report.table,
        },
      },
    ];
  }
  const vessels = [...command.vessels];
  return [
    {
      type: 'AuditReportGenerated',
      data: {
        reportId: command.reportId,
        name: AUDIT_REPORT_NAME,
        generatedAt: command.generatedAt,
        summary: summarizeReportVessels(vessels),
        vessels,
      },
    },
  ];
}

/** The report an AuditReportGenerated event recorded, as the API answers it. */
export function auditReportOf(data: AuditReportGeneratedData): AuditReport {
  return {
    id: data.reportId,
    name: data.name,
    generatedAt: data.generatedAt,
    data: { reportType: 'audit', generatedAt: data.generatedAt, summary: data.summary, vessels: data.vessels },
  };
}

/**
 * A report's file name from its name and date (spec 000 §2 Reports: "built from the report name
 * and date"): 'Compliance Audit Report' on 2026-03-05 → 'compliance-audit-report-2026-03-05.csv'.
 */
export function reportFileName(name: string, isoDay: string, extension = 'csv'): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'report'}-${isoDay}.${extension}`;
}

export const reportDecider: Decider<ReportCommand, ReportState, ReportEvent> = {
  decide: decideReport,
  evolve: evolveReport,
  initialState: initialReportState,
};

/** A generated report as the API answers it (spec 000 §3 "Report"): the recorded event, reshaped. */
export interface GeneratedReport {
  id: string;
  name: string;
  generatedAt: string;
  data: GeneratedReportData;
}

export function generatedReportOf(data: ReportGeneratedData): GeneratedReport {
  const { reportId, name, generatedAt, reportType, period, logPosition, summary, vessels, table } = data;
  return {
    id: reportId,
    name,
    generatedAt,
    data: {
      reportType,
      generatedAt,
      period,
      logPosition,
      summary,
      vessels: vessels.map((vessel) => Object.fromEntries(Object.entries(vessel).map(([key, value]) => [key, value ?? null]))),
      table: { columns: table.columns, rows: table.rows.map((row) => row.map((cell) => cell ?? null)) },
    },
  };
}
