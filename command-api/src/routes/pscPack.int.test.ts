import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * The port state control pack over HTTP: a PDF of the chest, certificate, open orders and history
 * heads as they stood at the end of the requested day, the same bytes every time it is asked for
 * (even after the vessel's history has moved on), within the caller's scope, and a 400 naming the
 * problem for a bad day.
 */

let t: TestApp;
let clock = new Date('2025-03-01T09:00:00Z');
let manager: string;
let auditor: string;
let outsider: string;
let vesselId: string;
let firstOrder: string;
let secondOrder: string;

const pack = (date: string | undefined, cookie = manager, vessel = vesselId) =>
  t.send('GET', `/api/vessels/${vessel}/psc-pack${date === undefined ? '' : `?date=${date}`}`, cookie);

/**
 * The text a pdf-lib PDF draws: every Flate stream inflated, every hex string shown with Tj
 * decoded. Enough to check what the pack says without a PDF reader.
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const shown: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) shown.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return shown.join('\n');
}

async function order(quantity: number): Promise<{ id: string; orderNumber: string }> {
  const created = await t.send('POST', '/api/orders', manager, {
    vesselId,
    orderData: { expiryThreshold: '2025-06-01', status: 'draft' },
    orderItems: [{ scaleId: 'IMGS01', requiredQuantity: 50, currentInventory: 40, orderQuantity: quantity }],
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; orderNumber: string };
}

let orderNumbers: Record<'first' | 'second', string>;

beforeAll(async () => {
  t = await startTestApp('api_psc_pack', { now: () => clock });
  ({ manager } = await t.sessionsForEveryRole());
  const { userId: auditorId } = await t.createUser('auditor@fleet.example', 'auditor-pass', 'auditor');
  const { userId: outsiderId } = await t.createUser('outsider@fleet.example', 'outsider-pass', 'fleet_manager');

  // 1 March: the vessel joins, its chest is counted and its certificate recorded.
  vesselId = await t.createVessel(manager, { vesselName: 'Pilot Star', fleet: 'North' });
  const other = await t.createVessel(manager, { vesselName: 'Elsewhere', fleet: 'South' });
  await t.assign(auditorId, { fleets: ['North'] });
  await t.assign(outsiderId, { vesselIds: [other] });
  auditor = await t.login('auditor@fleet.example', 'auditor-pass');
  outsider = await t.login('outsider@fleet.example', 'outsider-pass');
  const imported = await t.send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: [
      { scaleId: 'IMGS01', quantityOnBoard: 40, batchNumber: 7, expiryDate: '2025-03-20' },
      { scaleId: 'IMGS02', quantityOnBoard: 12, batchNumber: 3, expiryDate: '2027-01-31' },
    ],
  });
  expect(imported.statusCode).toBe(200);
  const upload = await t.send('POST', `/api/vessels/${vesselId}/certificate/upload`, manager);
  const { uploadURL } = upload.json() as { uploadURL: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { cookie: manager, 'content-type': 'application/pdf', 'x-file-name': 'certificate.pdf' },
    payload: Buffer.from('%PDF-1.4\n% a certificate\n'),
  });
  expect(put.statusCode).toBeLessThan(300);
  const recorded = await t.send('PUT', `/api/vessels/${vesselId}/certificate`, manager, {
    certificateURL: uploadURL,
    expiryDate: '2026-02-28',
    certificateIssuer: 'Panama Maritime Authority',
  });
  expect(recorded.statusCode).toBe(200);

  // 3 March: 5 units of IMGS01 used (recorded the day after).
  clock = new Date('2025-03-04T10:00:00Z');
  const batches = (await t.send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { id: string; scaleId: string }[];
  const imgs01 = batches.find((b) => b.scaleId === 'IMGS01')!;
  const used = await t.send('POST', `/api/vessels/${vesselId}/inventory/${imgs01.id}/usage`, manager, { quantityUsed: 5, reason: 'Crew injury', usageDate: '2025-03-03' });
  expect(used.statusCode).toBe(201);

  // 5 March: an order is made. 10 March: a second one, cancelled the same day.
  clock = new Date('2025-03-05T10:00:00Z');
  const first = await order(10);
  clock = new Date('2025-03-10T10:00:00Z');
  const second = await order(20);
  expect((await t.send('PATCH', `/api/orders/${second.id}/status`, manager, { status: 'cancelled' })).statusCode).toBe(200);
  firstOrder = first.id;
  secondOrder = second.id;
  orderNumbers = { first: first.orderNumber, second: second.orderNumber };

  clock = new Date('2025-04-01T08:00:00Z');
});

afterAll(async () => {
  await t?.close();
});

describe('PSC pack', () => {
  it('is a PDF of the chest, certificate, open orders and history heads at the end of the day', async () => {
    const response = await pack('2025-03-05');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="PSC-pack-Pilot-Star-2025-03-05.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Medical chest of Pilot Star as it stood at the end of 2025-03-05 (UTC)');
    expect(text).toContain('Panama Maritime Authority');
    expect(text).toContain('2026-02-28');
    // The batch of IMGS01 still counted on 5 March (it expires on the 20th).
    expect(text).toContain('Batch 7: 35 on board, expires 2025-03-20');
    expect(text).toContain('Batch 3: 12 on board, expires 2027-01-31');
    expect(text).toContain('Usage from 2024-12-06 to 2025-03-05');
    expect(text).toMatch(/2025-03-03\nIMGS01\n5 used/);
    expect(text).toContain(orderNumbers.first);
    expect(text).not.toContain(orderNumbers.second);
    expect(text).toContain(`vessel-${vesselId}`);
  });

  it('shows the day asked for: the batch expired later, the second order came and went', async () => {
    const text = pdfText((await pack('2025-03-25')).rawPayload);
    expect(text).toContain('Batch 7: 35 on board, expires 2025-03-20 (expired, not counted)');
    expect(text).toContain(orderNumbers.first);
    // Cancelled on the 10th: no longer open.
    expect(text).not.toContain(orderNumbers.second);
    const before = pdfText((await pack('2025-03-01')).rawPayload);
    expect(before).not.toContain(orderNumbers.first);
    expect(before).toContain('No orders were open.');
    expect(before).toContain('Batch 7: 40 on board');
    expect(before).toContain('No usage was recorded in these 90 days.');
  });

  it('gives the same bytes every time, even after the history has moved on', async () => {
    const first = await pack('2025-03-05');
    const again = await pack('2025-03-05', auditor);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0);
    // Later events (on 1 April) do not change a pack about 5 March; they do change today's.
    const todayBefore = await pack('2025-04-01');
    expect((await t.send('PATCH', `/api/orders/${firstOrder}/status`, manager, { status: 'cancelled' })).statusCode).toBe(200);
    const later = await pack('2025-03-05');
    expect(Buffer.compare(first.rawPayload, later.rawPayload)).toBe(0);
    const todayAfter = await pack('2025-04-01');
    expect(Buffer.compare(todayBefore.rawPayload, todayAfter.rawPayload)).not.toBe(0);
    expect(pdfText(todayAfter.rawPayload)).not.toContain(orderNumbers.first);
    void secondOrder;
  });

  it('answers 400 naming the problem for a missing, bad or future day, or one before the vessel joined', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'Please enter a valid date'],
      ['2025-02-30', 'Please enter a valid date'],
      ['yesterday', 'Please enter a valid date'],
      ['2025-04-02', 'The date must not be in the future'],
      ['2025-02-28', 'This vessel was not in the fleet on 2025-02-28'],
    ];
    for (const [date, message] of cases) {
      const response = await pack(date);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toBe(message);
    }
  });

  it('is for the caller’s scope only: 404 outside it and for no such vessel', async () => {
    expect((await pack('2025-03-05', outsider)).statusCode).toBe(404);
    expect((await pack('2025-03-05', manager, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pack('2025-03-05', auditor)).statusCode).toBe(200);
  });
});
