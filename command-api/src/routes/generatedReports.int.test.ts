import { isoToday } from '@medchest/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Reports & Analytics over HTTP (issue 13): POST /api/reports/generate for each type over a fleet
 * this test builds, each CSV checked cell by cell against what the API says of those vessels, the
 * same report twice from the same log position byte-identical, validation, and scope.
 */

let t: TestApp;
let manager: string;
let outsider: string;
let vesselOne: string;
let vesselTwo: string;

const send: TestApp['send'] = (...args) => t.send(...args);
const today = isoToday();
const inDays = (days: number) => isoToday(new Date(Date.now() + days * 86_400_000));

type Row = { scaleId: string; scaleDescription: string; requiredQuantity: number | null; actualQuantity: number; complianceStatus: string };
type Report = { id: string; name: string; generatedAt: string; data: { reportType: string; period: { from: string; to: string }; logPosition: string; summary: Record<string, number>; vessels: Record<string, unknown>[] } };

beforeAll(async () => {
  t = await startTestApp('api_generated_reports');
  ({ manager } = await t.sessionsForEveryRole());
  await t.createUser('outsider@reports.example', 'outsider-pass', 'fleet_manager');
  outsider = await t.login('outsider@reports.example', 'outsider-pass');
  vesselOne = await t.createVessel(manager, { vesselName: 'Report Alpha', imoNumber: 'RPT00001', fleet: 'Report Fleet', flagState: 'LIBERIA' });
  vesselTwo = await t.createVessel(manager, { vesselName: 'Report Bravo', imoNumber: 'RPT00002', fleet: 'Report Fleet', flagState: 'PANAMA' });
  // Alpha: IMGS01 in date, IMGS02 expiring in 20 days (two batches). Bravo: nothing on board.
  const imported = await send('POST', `/api/vessels/${vesselOne}/inventory/bulk-import`, manager, {
    fileName: 'alpha.csv',
    items: [
      { scaleId: 'IMGS01', quantityOnBoard: 500, batchNumber: 1, expiryDate: inDays(400) },
      { scaleId: 'IMGS02', quantityOnBoard: 7, batchNumber: 1, expiryDate: inDays(20) },
    ],
  });
  expect(imported.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const generate = (body: unknown, cookie = manager) => send('POST', '/api/reports/generate', cookie, body);

async function csvOf(report: Report): Promise<{ text: string; cells: string[][] }> {
  const response = await send('GET', `/api/reports/${report.id}/download?format=csv`, manager);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=".+-${today}\\.csv"$`));
  return { text: response.body, cells: Papa.parse<string[]>(response.body.trim()).data };
}

/** The table part of a report's CSV: from its header row (found by its first column) to the end. */
function table(cells: string[][], firstColumn = 'Vessel'): { header: string[]; rows: string[][] } {
  const at = cells.findIndex((row) => row[0] === firstColumn && row.length > 2);
  return { header: cells[at], rows: cells.slice(at + 1) };
}

async function chest(vesselId: string): Promise<Row[]> {
  return (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, manager)).json() as Row[];
}

describe('generating reports', () => {
  it('refuses what is missing with the spec messages, and records nothing', async () => {
    const before = (await t.allEvents()).length;
    const noType = await generate({ vesselIds: [vesselOne], dateRange: 'last-30' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ message: 'Please select a report type', fieldErrors: { reportType: 'Please select a report type' } });
    const noVessel = await generate({ reportType: 'compliance_summary', vesselIds: [], dateRange: 'last-30' });
    expect(noVessel.statusCode).toBe(400);
    expect(noVessel.json()).toMatchObject({ message: 'Please select at least one vessel' });
    const customWithoutDates = await generate({ reportType: 'compliance_summary', vesselIds: [vesselOne], dateRange: 'custom' });
    expect(customWithoutDates.statusCode).toBe(400);
    expect(customWithoutDates.json().fieldErrors).toMatchObject({ from: 'Please enter a valid start date', to: 'Please enter a valid end date' });
    const future = await generate({ reportType: 'compliance_summary', vesselIds: [vesselOne], dateRange: 'custom', from: today, to: inDays(3) });
    expect(future.json().fieldErrors).toMatchObject({ to: 'The end date must not be in the future' });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('compliance summary: the summary and one row per vessel, as the chests are', async () => {
    const response = await generate({ reportType: 'compliance_summary', vesselIds: [vesselTwo, vesselOne], dateRange: 'last-30' });
    expect(response.statusCode).toBe(201);
    const report = response.json() as Report;
    expect(report).toMatchObject({ name: 'Compliance Summary Report', data: { reportType: 'compliance_summary', period: { to: today } } });
    const { cells } = await csvOf(report);
    expect(cells[0]).toEqual(['Compliance Summary']);
    expect(cells[1]).toEqual(['Period', report.data.period.from, today]);
    const { header, rows } = table(cells);
    expect(header).toEqual(['Vessel', 'IMO Number', 'Fleet', 'Flag State', 'Status', 'Critical Items', 'Low Stock Items', 'Expiring Items']);
    // In name order, each row as the vessel's own chest says.
    expect(rows.map((row) => row[0])).toEqual(['Report Alpha', 'Report Bravo']);
    for (const [row, vesselId, imo, flag] of [
      [rows[0], vesselOne, 'RPT00001', 'LIBERIA'],
      [rows[1], vesselTwo, 'RPT00002', 'PANAMA'],
    ] as const) {
      const items = await chest(vesselId);
      const critical = items.filter((item) => item.complianceStatus === 'critical').length;
      const low = items.filter((item) => item.complianceStatus === 'low_stock').length;
      expect(row.slice(1, 4)).toEqual([imo, 'Report Fleet', flag]);
      expect(row[4]).toBe('Critical');
      expect(Number(row[5])).toBe(critical);
      expect(Number(row[6])).toBe(low);
    }
    expect(Number(rows[0][7])).toBe(1); // Alpha's IMGS02 batch expires within 60 days
    expect(Number(rows[1][7])).toBe(0);
    const summary = Object.fromEntries(cells.filter((row) => row.length === 2).map(([label, value]) => [label, value]));
    expect(summary).toMatchObject({ 'Total Vessels': '2', 'Compliant Vessels': '0', 'Expiring Items': '1', 'Compliance %': '0' });
  });

  it('inventory status: every item of every chest with required, on board and status', async () => {
    const report = (await generate({ reportType: 'inventory_status', vesselIds: [vesselOne], dateRange: 'last-90' })).json() as Report;
    const { header, rows } = table((await csvOf(report)).cells);
    expect(header).toEqual(['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Section', 'Required', 'On Board', 'Status']);
    const items = await chest(vesselOne);
    expect(rows).toHaveLength(items.length);
    const imgs01 = rows.find((row) => row[2] === 'IMGS01')!;
    const expected = items.find((item) => item.scaleId === 'IMGS01')!;
    expect(imgs01[3]).toBe(expected.scaleDescription);
    expect(Number(imgs01[6])).toBe(500);
    expect(imgs01[7]).toBe(expected.complianceStatus === 'compliant' ? 'OK' : expected.complianceStatus === 'low_stock' ? 'Low' : 'Critical');
  });

  it('expiry report: the batches expiring within 60 days of the period end, with days left', async () => {
    const report = (await generate({ reportType: 'expiry_report', vesselIds: [vesselOne, vesselTwo], dateRange: 'last-30' })).json() as Report;
    const { header, rows } = table((await csvOf(report)).cells);
    expect(header).toEqual(['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Batch', 'Quantity', 'Expiry Date', 'Days Left', 'Status']);
    expect(rows).toEqual([['Report Alpha', 'RPT00001', 'IMGS02', expect.any(String), '1', '7', inDays(20), '20', 'Expiring']]);
    expect(report.data.summary).toEqual({ expiredBatches: 0, expiringBatches: 1, expiredUnits: 0, expiringUnits: 7 });
  });

  it('certificate status: a vessel with no certificate on record is Not Issued', async () => {
    const report = (await generate({ reportType: 'certificate_status', vesselIds: [vesselTwo], dateRange: 'last-year' })).json() as Report;
    const { rows } = table((await csvOf(report)).cells);
    expect(rows).toEqual([['Report Bravo', 'RPT00002', 'Report Fleet', '', '', '', 'Not Issued']]);
    expect(report.data.summary).toMatchObject({ notIssuedCertificates: 1, validCertificates: 0 });
  });

  it('usage analytics: the uses recorded in the period, per vessel and item', async () => {
    const batches = (await send('GET', `/api/vessels/${vesselOne}/inventory`, manager)).json() as { id: string; scaleId: string }[];
    const imgs01 = batches.find((batch) => batch.scaleId === 'IMGS01')!;
    for (const quantityUsed of [3, 4]) {
      const used = await send('POST', `/api/vessels/${vesselOne}/inventory/${imgs01.id}/usage`, manager, { quantityUsed, reason: 'Burns', usageDate: inDays(-2) });
      expect(used.statusCode).toBe(201);
    }
    // Outside the last 30 days: not in the report.
    await send('POST', `/api/vessels/${vesselOne}/inventory/${imgs01.id}/usage`, manager, { quantityUsed: 1, reason: 'Old', usageDate: inDays(-45) });
    const report = (await generate({ reportType: 'usage_analytics', vesselIds: [vesselOne, vesselTwo], dateRange: 'last-30' })).json() as Report;
    const { header, rows } = table((await csvOf(report)).cells);
    expect(header).toEqual(['Vessel', 'IMO Number', 'Scale ID', 'Item', 'Times Used', 'Quantity Used', 'Last Used']);
    expect(rows).toEqual([['Report Alpha', 'RPT00001', 'IMGS01', expect.any(String), '2', '7', inDays(-2)]]);
    expect(report.data.summary).toEqual({ usageEntries: 2, quantityUsed: 7, vesselsWithUsage: 1 });
  });

  it('the same report twice from the same log position is the same file, CSV and PDF', async () => {
    const body = { reportType: 'compliance_summary', vesselIds: [vesselOne, vesselTwo], dateRange: 'last-30' };
    const first = (await generate(body)).json() as Report;
    const second = (await generate(body)).json() as Report;
    expect(second.id).not.toBe(first.id);
    expect(second.data.logPosition).toBe(first.data.logPosition);
    expect((await csvOf(second)).text).toBe((await csvOf(first)).text);
    const pdf = async (report: Report) => (await send('GET', `/api/reports/${report.id}/download?format=pdf`, manager)).rawPayload;
    const [a, b] = [await pdf(first), await pdf(second)];
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('lists recent reports newest first, only to those who may see every vessel in them', async () => {
    const report = (await generate({ reportType: 'compliance_summary', vesselIds: [vesselOne], dateRange: 'last-30' })).json() as Report;
    const listed = (await send('GET', '/api/reports', manager)).json() as { id: string; name: string; reportType: string; vesselCount: number }[];
    expect(listed[0]).toMatchObject({ id: report.id, name: 'Compliance Summary Report', reportType: 'compliance_summary', vesselCount: 1 });
    expect((await send('GET', `/api/reports/${report.id}`, manager)).json()).toEqual(report);

    expect((await send('GET', '/api/reports', outsider)).json()).toEqual([]);
    expect((await send('GET', `/api/reports/${report.id}`, outsider)).statusCode).toBe(404);
    expect((await send('GET', `/api/reports/${report.id}/download?format=csv`, outsider)).statusCode).toBe(404);
    const before = (await t.allEvents()).length;
    expect((await generate({ reportType: 'compliance_summary', vesselIds: [vesselOne], dateRange: 'last-30' }, outsider)).statusCode).toBe(404);
    expect((await t.allEvents()).length).toBe(before);
  });
});
