import { describe, expect, it } from 'vitest';
import { loadShippedScale } from '../scale/loadShipped.node';
import { medicalProfileOf } from '../scale/profile';
import { buildReport, type ReportVesselFacts } from './build';
import { reportCsv } from './csv';

const scale = loadShippedScale();
const period = { from: '2026-01-01', to: '2026-03-31' };
const context = { generatedAt: '2026-03-31T12:00:00.000Z', logPosition: '42:0' };

function vessel(name: string, overrides: Partial<ReportVesselFacts> = {}): ReportVesselFacts {
  return {
    id: `id-${name}`,
    vesselName: name,
    imoNumber: `IMO-${name}`,
    fleet: 'North',
    flagState: 'PANAMA',
    scale,
    profile: medicalProfileOf({ crewSizeCategory: 20 }),
    batches: [],
    certificate: null,
    usage: [],
    ...overrides,
  };
}

const batch = (scaleId: string, batchNumber: number, quantity: number, expiryDate: string) => ({ batchId: `${scaleId}-${batchNumber}`, vesselId: 'v', scaleId, batchNumber, quantity, expiryDate, version: 0 });

describe('generated reports', () => {
  it('usage analytics: the uses inside the period, per vessel and item, in name order', () => {
    const report = buildReport(
      'usage_analytics',
      [
        vessel('Zulu', { usage: [{ usageDate: '2026-02-01', scaleId: 'IMGS02', quantityUsed: 4 }] }),
        vessel('Alpha', {
          usage: [
            { usageDate: '2025-12-31', scaleId: 'IMGS01', quantityUsed: 100 }, // before the period
            { usageDate: '2026-01-10', scaleId: 'IMGS01', quantityUsed: 2 },
            { usageDate: '2026-03-31', scaleId: 'IMGS01', quantityUsed: 3 },
          ],
        }),
      ],
      period,
      context,
    );
    expect(report.table.rows.map((row) => [row[0], row[2], row[4], row[5], row[6]])).toEqual([
      ['Alpha', 'IMGS01', 1 + 1, 5, '2026-03-31'],
      ['Zulu', 'IMGS02', 1, 4, '2026-02-01'],
    ]);
    expect(report.summary).toEqual({ usageEntries: 3, quantityUsed: 9, vesselsWithUsage: 2 });
  });

  it('expiry report: expired in the period or expiring within 60 days of its end; older and later ones left out', () => {
    const report = buildReport(
      'expiry_report',
      [vessel('Alpha', { batches: [batch('IMGS01', 1, 10, '2025-12-01'), batch('IMGS01', 2, 5, '2026-02-01'), batch('IMGS02', 1, 6, '2026-05-30'), batch('IMGS02', 2, 9, '2026-06-30')] })],
      period,
      context,
    );
    expect(report.table.rows.map((row) => [row[2], row[4], row[7], row[8]])).toEqual([
      ['IMGS01', 2, -58, 'Expired'],
      ['IMGS02', 1, 60, 'Expiring'],
    ]);
  });

  it('certificate status on the period end, and the CSV head naming the period and the log position', () => {
    const report = buildReport(
      'certificate_status',
      [vessel('Alpha', { certificate: { expiryDate: '2026-04-15', certificateIssuer: 'Port Health', hasFile: true } }), vessel('Bravo')],
      period,
      context,
    );
    expect(report.table.rows).toEqual([
      ['Alpha', 'IMO-Alpha', 'North', 'Port Health', '2026-04-15', 15, 'Expiring'],
      ['Bravo', 'IMO-Bravo', 'North', null, null, null, 'Not Issued'],
    ]);
    const csv = reportCsv(report);
    expect(csv.split('\n').slice(0, 4)).toEqual(['Certificate Status', 'Period,2026-01-01,2026-03-31', 'Vessels,2', 'Log position,42:0']);
    expect(csv).not.toContain(context.generatedAt);
  });
});
