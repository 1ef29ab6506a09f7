import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider';
import {
  AUDIT_REPORT_NAME,
  auditReportOf,
  complianceReportSummary,
  decideReport,
  initialReportState,
  reportDecider,
  REPORT_EXISTS_MESSAGE,
  reportFileName,
  summarizeReportVessels,
  type ReportCommand,
} from './audit';
import { AuditReportGenerated, reportEventDefinitions, reportStreamId, type ReportEvent, type ReportVessel } from './events';

const vessel = (id: string, extra: Partial<ReportVessel> = {}): ReportVessel => ({
  id,
  vesselName: `Vessel ${id}`,
  imoNumber: '9301005',
  flagState: 'PANAMA',
  crewSizeCategory: 20,
  fleet: 'Pacific Fleet',
  ownershipCompany: null,
  complianceStatus: 'Compliant',
  criticalItems: 0,
  lowStockItems: 0,
  expiringItems: 0,
  lastMedicalReview: null,
  medicalChestCertificateExpiry: '2027-01-31',
  ...extra,
});

const given = deciderSpec(reportDecider);

describe('the compliance report summary', () => {
  it('adds the compliance percentage, rounded, to the fleet figures', () => {
    expect(complianceReportSummary({ totalVessels: 3, compliantVessels: 2, criticalAlerts: 4, expiringItems: 7 })).toEqual({
      totalVessels: 3,
      compliantVessels: 2,
      criticalAlerts: 4,
      expiringItems: 7,
      compliancePercentage: 67,
    });
    expect(complianceReportSummary({ totalVessels: 0, compliantVessels: 0, criticalAlerts: 0, expiringItems: 0 }).compliancePercentage).toBe(0);
  });

  it('counts only Compliant vessels as compliant and sums critical and expiring items over the rows', () => {
    const rows = [
      vessel('a'),
      vessel('b', { complianceStatus: 'Expiring Soon', expiringItems: 3 }),
      vessel('c', { complianceStatus: 'Critical', criticalItems: 5, lowStockItems: 2, expiringItems: 1 }),
      vessel('d', { complianceStatus: 'Non-Compliant', lowStockItems: 4 }),
    ];
    expect(summarizeReportVessels(rows)).toEqual({
      totalVessels: 4,
      compliantVessels: 1,
      criticalAlerts: 5,
      expiringItems: 4,
      compliancePercentage: 25,
    });
  });
});

describe('report decider', () => {
  const command: ReportCommand = {
    type: 'GenerateAuditReport',
    reportId: 'r1',
    generatedAt: '2026-03-05T10:15:00.000Z',
    vessels: [vessel('a'), vessel('b', { complianceStatus: 'Critical', criticalItems: 2 })],
  };
  const generated: ReportEvent = {
    type: 'AuditReportGenerated',
    data: {
      reportId: 'r1',
      name: AUDIT_REPORT_NAME,
      generatedAt: '2026-03-05T10:15:00.000Z',
      summary: { totalVessels: 2, compliantVessels: 1, criticalAlerts: 2, expiringItems: 0, compliancePercentage: 50 },
      vessels: command.vessels as ReportVessel[],
    },
  };

  it('records the report once, with the summary of the rows it carries', () => {
    given([]).when(command).then([generated]);
  });

  it('refuses to generate a report id a second time', () => {
    given([generated]).when(command).thenThrows('conflict', REPORT_EXISTS_MESSAGE);
  });

  it('records an empty fleet as a report of no vessels at 0 %', () => {
    const [event] = decideReport({ ...command, vessels: [] }, initialReportState());
    expect(event.data.summary).toEqual({ totalVessels: 0, compliantVessels: 0, criticalAlerts: 0, expiringItems: 0, compliancePercentage: 0 });
  });

  it('answers the recorded report in the shape of spec 000 §3', () => {
    expect(auditReportOf(generated.data)).toEqual({
      id: 'r1',
      name: AUDIT_REPORT_NAME,
      generatedAt: '2026-03-05T10:15:00.000Z',
      data: { reportType: 'audit', generatedAt: '2026-03-05T10:15:00.000Z', summary: generated.data.summary, vessels: generated.data.vessels },
    });
  });
});

describe('report events', () => {
  it('live on one stream per report, at version 1', () => {
    expect(reportStreamId('r1')).toBe('report-r1');
    expect(reportEventDefinitions.map((d) => [d.type, d.version])).toEqual([
      ['AuditReportGenerated', 1],
      ['ReportGenerated', 1],
    ]);
  });

  it.each([
    ['a status that is not a vessel status', { complianceStatus: 'Unknown' }],
    ['a negative count', { criticalItems: -1 }],
    ['an impossible date', { medicalChestCertificateExpiry: '2026-02-30' }],
  ])('never hold a vessel row with %s', (_name, change) => {
    const data = { reportId: 'r1', name: AUDIT_REPORT_NAME, generatedAt: '2026-03-05T10:15:00.000Z', summary: { totalVessels: 1, compliantVessels: 1, criticalAlerts: 0, expiringItems: 0, compliancePercentage: 100 }, vessels: [vessel('a')] };
    expect(AuditReportGenerated.schema.safeParse(data).success).toBe(true);
    expect(AuditReportGenerated.schema.safeParse({ ...data, vessels: [{ ...vessel('a'), ...change }] }).success).toBe(false);
  });
});

describe('report file names', () => {
  it.each([
    ['Compliance Audit Report', '2026-03-05', undefined, 'compliance-audit-report-2026-03-05.csv'],
    ['Compliance Report', '2026-12-31', 'json', 'compliance-report-2026-12-31.json'],
    ['  Expiry / Report!! ', '2026-01-01', undefined, 'expiry-report-2026-01-01.csv'],
    ['***', '2026-01-01', undefined, 'report-2026-01-01.csv'],
  ])('%s on %s → %s', (name, day, extension, expected) => {
    expect(reportFileName(name, day, extension)).toBe(expected);
  });
});
