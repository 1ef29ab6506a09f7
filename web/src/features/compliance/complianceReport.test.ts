import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv, type FleetComplianceItem } from '@medchest/domain';
import { complianceReportCsvRows, complianceReportFileName, summaryFromStats, VESSEL_COLUMNS } from './complianceReport';

const vessel = (name: string, extra: Partial<FleetComplianceItem> = {}): FleetComplianceItem => ({
  id: name,
  vesselName: name,
  imoNumber: '9301005',
  flagState: 'MARSHALL_ISLANDS',
  crewSizeCategory: 22,
  complianceStatus: 'Critical',
  lastMedicalReview: null,
  medicalChestCertificateExpiry: '2026-07-04',
  fleet: 'Atlantic',
  ownershipCompany: null,
  criticalItems: 3,
  lowStockItems: 1,
  expiringItems: 2,
  ...extra,
});

const stats = { totalVessels: 3, compliantVessels: 2, expiringCertificates: 1, criticalAlerts: 3, totalInventoryItems: 400, expiringItems: 5 };

describe('the compliance report', () => {
  it('takes its summary from the stats, with the percentage rounded', () => {
    expect(summaryFromStats(stats)).toEqual({ totalVessels: 3, compliantVessels: 2, criticalAlerts: 3, expiringItems: 5, compliancePercentage: 67 });
  });

  it('writes the name and date, the summary under the specification names, then the vessel table', () => {
    const csv = toCsv(complianceReportCsvRows({
      name: 'Compliance Report',
      generatedAt: new Date(2026, 2, 5, 9, 30),
      summary: summaryFromStats(stats),
      vessels: [vessel('Star, The'), vessel('Nordic "Bear"', { complianceStatus: 'Compliant', fleet: null, criticalItems: 0, lastMedicalReview: '2026-01-15' })],
    }));
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows.slice(0, 10)).toEqual([
      ['Report', 'Compliance Report'],
      ['Generated', 'Mar 05, 2026'],
      [''],
      ['Summary'],
      ['totalVessels', '3'],
      ['compliantVessels', '2'],
      ['criticalAlerts', '3'],
      ['expiringItems', '5'],
      ['compliancePercentage', '67'],
      [''],
    ]);
    expect(rows[10]).toEqual(['Vessels']);
    expect(rows[11]).toEqual([...VESSEL_COLUMNS]);
    expect(rows[12]).toEqual(['Star, The', '9301005', 'Marshall Islands', 'Atlantic', 'Not specified', '22', 'Critical', '3', '1', '2', 'Not set', 'Jul 04, 2026']);
    expect(rows[13]).toEqual(['Nordic "Bear"', '9301005', 'Marshall Islands', 'Not specified', 'Not specified', '22', 'Compliant', '0', '1', '2', 'Jan 15, 2026', 'Jul 04, 2026']);
    expect(rows).toHaveLength(14);
  });

  it('reads item counts the server did not send as 0', () => {
    const { criticalItems: _c, lowStockItems: _l, expiringItems: _e, ...withoutCounts } = vessel('Bare');
    const csv = toCsv(complianceReportCsvRows({ name: 'X', generatedAt: '2026-03-05T10:00:00.000Z', summary: summaryFromStats(stats), vessels: [withoutCounts] }));
    const last = Papa.parse<string[]>(csv).data.at(-1)!;
    expect(last.slice(7, 10)).toEqual(['0', '0', '0']);
  });

  it('names the file after the report and its day', () => {
    expect(complianceReportFileName({ name: 'Compliance Report', generatedAt: new Date(2026, 11, 31, 23, 0) })).toBe('compliance-report-2026-12-31.csv');
    expect(complianceReportFileName({ name: 'Compliance Audit Report', generatedAt: new Date(2026, 0, 2).toISOString() })).toBe(
      'compliance-audit-report-2026-01-02.csv',
    );
  });
});
