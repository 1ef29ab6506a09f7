import {
  FLAG_STATES,
  certificateBadge,
  evaluateChest,
  isValidImoNumber,
  medicalProfileOf,
  VESSEL_TYPES,
  contractEndTone,
  vesselStatus,
  type ItemStatus,
  type VesselStatus, ALL_VESSELS } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { listVesselBatches, listVessels } from '@medchest/projections';
import pg from 'pg';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdForEmail } from '@medchest/command-api/ids';
import { startTestApp, type TestApp } from '@medchest/command-api/testing/harness';
import { DEMO_CHEST_FILE_NAME, demoChest, demoChestStatus } from './chests';
import { DEMO_VESSEL_COUNT, demoVesselId, seedDemo } from './seed';

let t: TestApp;
const today = '2026-03-10';

beforeAll(async () => {
  // The app's clock on the seeding day, so the chest is evaluated on the day it was built for.
  t = await startTestApp('demo_seed', { now: () => new Date(`${today}T12:00:00Z`) });
});

const countBy = <T extends string>(values: T[]) => {
  const counts: Partial<Record<T, number>> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};

afterAll(async () => {
  await t?.close();
});

describe('demo seed', () => {
  it('seeds 31 vessels with their medical chests and two accounts as events, through the vessel, inventory and user commands', async () => {
    const report = await seedDemo(t.deps, { today });
    expect(report).toEqual({ usersCreated: 2, vesselsCreated: 31, chestsStocked: 31 });
    const events = await t.allEvents();
    expect(events.filter((e) => e.type === 'VesselCreated')).toHaveLength(31);
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(2);
    // The office's work is the demo owner's; the vessels' certificates expire by the daily scan's command.
    const owner = userIdForEmail('demo@medchest.example');
    for (const e of events) {
      expect([null, owner]).toContain(e.metadata.userId);
      expect(e.metadata.correlationId).toMatch(/^(seed-|certificate-scan-)/);
    }

    // One import per vessel, every row accepted: one BatchAdded each; the other batches came with orders.
    const imports = events.filter((e) => e.type === 'InventoryImported');
    expect(imports).toHaveLength(31);
    expect(new Set(imports.map((e) => e.streamId))).toEqual(new Set(events.filter((e) => e.type === 'VesselCreated').map((e) => `inventory-${(e.data as { vesselId: string }).vesselId}`)));
    for (const e of imports) expect(e.data).toMatchObject({ fileName: DEMO_CHEST_FILE_NAME, errorCount: 0, errors: [] });
    const added = events.filter((e) => e.type === 'BatchAdded');
    const delivered = added.filter((e) => (e.data as { orderId?: string }).orderId !== undefined);
    expect(added.length - delivered.length).toBe(imports.reduce((sum, e) => sum + (e.data as { successCount: number }).successCount, 0));
    expect(delivered.length).toBe(events.filter((e) => e.type === 'OrderItemsReceived').reduce((n, e) => n + (e.data as { items: unknown[] }).items.length, 0));
    expect(added.length).toBeGreaterThan(31 * 100);
  });

  it('gives the fleet every chest status: 3 Critical, 6 Non-Compliant, 7 Expiring Soon, 15 Compliant (batches read model + domain rules)', async () => {
    const scale = loadShippedScale();
    const vessels = await listVessels(t.db, ALL_VESSELS);
    const statuses: VesselStatus[] = [];
    for (const v of vessels) {
      const batches = await listVesselBatches(t.db, v.id);
      expect(batches.length, v.vesselName).toBeGreaterThan(100);
      const chest = evaluateChest(
        scale,
        medicalProfileOf(v),
        batches.map((b) => ({ scaleId: b.scaleId, quantity: b.quantityOnBoard, expiryDate: b.expiryDate })),
        today,
      );
      expect(chest.status, v.vesselName).toBe(demoChestStatus(v.imoNumber));
      statuses.push(chest.status);
    }
    expect(countBy(statuses)).toEqual({ Critical: 3, 'Non-Compliant': 6, 'Expiring Soon': 7, Compliant: 15 });
  });

  it('ends the year on exactly the demo chest: what is on board is demoChest row for row; batches landed ashore stay on record at 0', async () => {
    const scale = loadShippedScale();
    const received = (await t.allEvents()).filter((e) => e.type === 'BatchAdded' && (e.data as { orderId?: string }).orderId);
    for (const v of await listVessels(t.db, ALL_VESSELS)) {
      const chest = demoChest({ scale, profile: medicalProfileOf(v), imoNumber: v.imoNumber, today, target: demoChestStatus(v.imoNumber) });
      const batches = await listVesselBatches(t.db, v.id);
      const key = (b: { scaleId: string; batchNumber: number; quantity: number; expiryDate?: string | null }) => `${b.scaleId} #${b.batchNumber} ${b.quantity} ${b.expiryDate ?? '-'}`;
      const onBoard = batches.filter((b) => b.quantityOnBoard > 0);
      expect(onBoard.map((b) => key({ ...b, quantity: b.quantityOnBoard })).sort(), v.vesselName).toEqual(chest.map((r) => key({ ...r, quantity: r.quantityOnBoard })).sort());
      for (const b of batches.filter((x) => x.quantityOnBoard === 0)) expect(b.expiryDate! < today, `${v.vesselName} ${b.scaleId}`).toBe(true);
      // Product names as imported; a batch received with an order has none (the receipt has no such field).
      const names = new Map(chest.map((r) => [`${r.scaleId} #${r.batchNumber}`, r.productName]));
      const nameless = onBoard.filter((b) => b.productName === null);
      expect(nameless.length).toBe(received.filter((e) => e.streamId === `inventory-${v.id}`).length);
      for (const b of onBoard.filter((x) => x.productName !== null)) expect(b.productName).toBe(names.get(`${b.scaleId} #${b.batchNumber}`));
    }
  });

  it('answers the same statuses through GET /api/vessels/:id/volume-requirements', async () => {
    const manager = await t.login('demo@medchest.example', 'medchest-demo');
    const statuses: VesselStatus[] = [];
    for (const v of await listVessels(t.db, ALL_VESSELS)) {
      const response = await t.app.inject({ method: 'GET', url: `/api/vessels/${v.id}/volume-requirements`, headers: { cookie: manager } });
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { complianceStatus: ItemStatus; expiringSoon: boolean }[];
      const status = vesselStatus(rows.map((r) => ({ status: r.complianceStatus, expiringSoonBatches: r.expiringSoon ? [{ scaleId: '', quantity: 1 }] : [] })));
      expect(status, v.vesselName).toBe(demoChestStatus(v.imoNumber));
      statuses.push(status);
    }
    expect(new Set(statuses)).toEqual(new Set(['Critical', 'Non-Compliant', 'Expiring Soon', 'Compliant']));
  });

  it('gives a realistic fleet: valid IMO numbers, several fleets and owners, every flag and type, crews 12-40', async () => {
    const vessels = await listVessels(t.db, ALL_VESSELS);
    expect(vessels).toHaveLength(DEMO_VESSEL_COUNT);
    for (const v of vessels) expect(isValidImoNumber(v.imoNumber), `${v.vesselName} ${v.imoNumber}`).toBe(true);
    expect(new Set(vessels.map((v) => v.imoNumber)).size).toBe(31);
    expect(new Set(vessels.map((v) => v.vesselName)).size).toBe(31);
    expect(new Set(vessels.map((v) => v.fleet)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(vessels.map((v) => v.ownershipCompany)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(vessels.map((v) => v.flagState))).toEqual(new Set(FLAG_STATES));
    expect(new Set(vessels.map((v) => v.vesselType))).toEqual(new Set(VESSEL_TYPES));
    const crews = vessels.map((v) => v.crewSizeCategory);
    expect(Math.min(...crews)).toBe(12);
    expect(Math.max(...crews)).toBe(40);
    for (const v of vessels) expect(v.id).toBe(demoVesselId(v.imoNumber));
  });

  it('spreads contract end dates so past, within-90-days and later colourings all appear', async () => {
    const vessels = await listVessels(t.db, ALL_VESSELS);
    const day = new Date(`${today}T00:00:00Z`);
    const tones = vessels.map((v) => contractEndTone(v.contractEndDate, day));
    expect(tones.filter((x) => x === 'past').length).toBeGreaterThanOrEqual(3);
    expect(tones.filter((x) => x === 'soon').length).toBeGreaterThanOrEqual(3);
    expect(tones.filter((x) => x === 'normal').length).toBeGreaterThanOrEqual(3);
    for (const v of vessels) {
      expect(v.onboardingDate).not.toBeNull();
      expect(v.onboardingDate! < v.contractEndDate!).toBe(true);
    }
  });

  it('records certificates so the dashboard shows every expiry badge: Expired, Critical, Expiring Soon, Active, Not Set', async () => {
    const vessels = await listVessels(t.db, ALL_VESSELS);
    const day = new Date(`${today}T00:00:00Z`);
    const badges = vessels.map((v) => certificateBadge(v.medicalChestCertificateExpiry, day).badge);
    for (const badge of ['Expired', 'Critical', 'Expiring Soon', 'Active', 'Not Set'] as const) {
      expect(badges.filter((b) => b === badge).length, badge).toBeGreaterThanOrEqual(2);
    }
    // Certificates are events like any other (renewals during the demo's year among them), and most
    // of the fleet is in good standing.
    const recorded = (await t.allEvents()).filter((e) => e.type === 'CertificateRecorded');
    expect(new Set(recorded.map((e) => e.streamId)).size).toBe(28);
    expect(recorded.length).toBeGreaterThan(28);
    expect(badges.filter((b) => b === 'Active').length).toBeGreaterThan(vessels.length / 2);
    for (const v of vessels.filter((x) => x.medicalChestCertificateExpiry)) expect(v.certificateIssuer).toBeTruthy();
  });

  it('gives every demo certificate a real PDF naming the vessel, its IMO number, issuer and dates, which downloads', async () => {
    const manager = await t.login('demo@medchest.example', 'medchest-demo');
    const vessels = (await listVessels(t.db, ALL_VESSELS)).filter((v) => v.medicalChestCertificateExpiry);
    expect(vessels).toHaveLength(28);
    for (const v of vessels) expect(v.medicalChestCertificatePath).toMatch(/^certificates\/[0-9a-f]{64}$/);
    const [vessel] = vessels;
    const download = await t.app.inject({ method: 'GET', url: `/api/vessels/${vessel!.id}/certificate/download`, headers: { cookie: manager } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename=');
    const text = download.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    // The page's text, from its (deflated) content streams; pdf-lib draws text as hex strings.
    const pageText = [...text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
      .map((m) => {
        try {
          return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
        } catch {
          return m[1]!;
        }
      })
      .join('\n');
    const hex = (value: string) => Buffer.from(value, 'latin1').toString('hex').toUpperCase();
    for (const fact of [vessel!.vesselName, vessel!.imoNumber, vessel!.certificateIssuer!, vessel!.medicalChestCertificateExpiry!]) {
      expect(pageText.toUpperCase().includes(hex(fact)) || pageText.includes(fact), fact).toBe(true);
    }
  });

  it('is idempotent: a second run appends nothing, a demo vessel a user deleted stays deleted, a chest a user changed stays as they left it', async () => {
    const [first, second] = await listVessels(t.db, ALL_VESSELS);
    const manager = await t.login('demo@medchest.example', 'medchest-demo');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/vessels/${first.id}`, headers: { cookie: manager } });
    expect(deleted.statusCode).toBe(200);
    const [batch] = await listVesselBatches(t.db, second.id);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/vessels/${second.id}/inventory/${batch.id}`,
      headers: { cookie: manager },
      payload: { quantityOnBoard: 0 },
    });
    expect(edited.statusCode).toBe(200);
    const before = (await t.allEvents()).length;
    const secondBatches = await listVesselBatches(t.db, second.id);

    const report = await seedDemo(t.deps, { today: '2026-09-01' });
    expect(report).toEqual({ usersCreated: 0, vesselsCreated: 0, chestsStocked: 0 });
    expect((await t.allEvents()).length).toBe(before);
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(30);
    expect(await listVesselBatches(t.db, second.id)).toEqual(secondBatches);
    expect(secondBatches.find((b) => b.id === batch.id)?.quantityOnBoard).toBe(0);
  });

  it('stores a demo account\'s password again if it was registered but its credential never stored', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('DELETE FROM api_credentials WHERE user_id = $1', [userIdForEmail('demo@medchest.example')]);
    } finally {
      await client.end();
    }
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@medchest.example', password: 'medchest-demo' } });
    expect((await login()).statusCode).toBe(401);
    const before = (await t.allEvents()).length;
    expect(await seedDemo(t.deps, { today })).toEqual({ usersCreated: 0, vesselsCreated: 0, chestsStocked: 0 });
    expect((await t.allEvents()).length).toBe(before);
    expect((await login()).statusCode).toBe(200);
  });

  it('seeds the admin account, which can log in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@medchest.example', password: 'medchest-admin' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', status: 'active' });
  });
});
