import { isoToday, medicalProfileOf, scaleImportedData, SHIPPED_SCALE_METADATA, type Scale, ALL_VESSELS } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { addDays, format } from 'date-fns';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDashboardStats } from '../dashboard/queries';
import { listFleetCompliance } from '../fleet-compliance/queries';
import { requiredItems, stockingEvents } from '../testing/chest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { copiesInto, recordStatements } from '../testing/statements';
import { applyBatch } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import type { ReadModelDb } from '../db';
import type { Projection } from '../projection';
import { getVesselScale, getVolumeRequirements, getVolumeRequirementsAnswer, listCriticalItems, listScales, type VolumeRequirementsAnswer } from './queries';
import { evaluateAndStoreRows, rowsDigest } from './evaluate';
import { medicalChestProjection } from './project';
import { refreshChests } from './refresh';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_medical_chest');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = 'e0000000-0000-4000-8000-000000000001';
const B = 'e0000000-0000-4000-8000-000000000002';
const NOW = new Date();
const TODAY = isoToday(NOW);
const day = (n: number) => format(addDays(new Date(`${TODAY}T12:00:00Z`), n), 'yyyy-MM-dd');
const details = vesselDetails({ crewSizeCategory: 22 });
const profile = medicalProfileOf(details);
const required = requiredItems(profile);
const FAR = day(700);

const statements = recordStatements();

async function chestRow(vesselId: string) {
  return t.db.selectFrom('chest_vessels').selectAll().where('vessel_id', '=', vesselId).executeTakeFirst();
}

describe('the medical chest read models', () => {
  it('a new vessel has one volume requirement row per scale item and, with nothing on board, is Critical', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details } })]);
    const rows = await getVolumeRequirements(t.db, A, TODAY);
    const scale = loadShippedScale();
    expect(rows?.map((r) => r.scaleId)).toEqual(scale.items.map((i) => i.id));
    expect(rows?.filter((r) => r.complianceStatus === 'critical')).toHaveLength(required.length);
    expect(await chestRow(A)).toMatchObject({ status: 'Critical', critical_items: required.length, batches_on_board: 0, next_change_on: null });
    expect(await getVolumeRequirements(t.db, B, TODAY)).toBeUndefined();
  });

  it('a chest that never had a batch stores no rows (a new vessel or a crew change writes its chest row only); its first batch stores them', async () => {
    const log = createFakeLog();
    const storedRows = async () => (await t.db.selectFrom('volume_requirements').select('position').where('vessel_id', '=', A).execute()).length;
    const kept = new Map<string, VolumeRequirementsAnswer>();
    const known = { get: (digest: string) => kept.get(digest), remember: (answer: VolumeRequirementsAnswer) => void kept.set(answer.digest, answer) };
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details } })]);
    expect(await storedRows()).toBe(0);
    expect(await chestRow(A)).toMatchObject({ rows_stored: false, status: 'Critical', critical_items: required.length });
    const empty = await getVolumeRequirementsAnswer(t.db, A, TODAY, known);
    expect(empty?.digest).toBe((await chestRow(A))?.rows_digest);
    expect(JSON.parse(empty!.json)).toEqual(await getVolumeRequirements(t.db, A, TODAY));
    expect(await listCriticalItems(t.db, TODAY, ALL_VESSELS)).toHaveLength(required.length);

    // Twice the crew: more is required, still nothing stored.
    const bigger = { ...details, crewSizeCategory: 45 };
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: bigger } })]);
    expect(await storedRows()).toBe(0);
    expect((await chestRow(A))?.rows_digest).not.toBe(empty!.digest);
    expect((await getVolumeRequirements(t.db, A, TODAY))?.map((r) => r.requiredQuantity)).toEqual(
      (await import('./evaluate')).emptyChest(loadShippedScale(), medicalProfileOf(bigger)).rows.map((r) => r.requiredQuantity),
    );

    const [first] = required;
    await t.project([log.record({ type: 'BatchAdded', data: { batchId: 'b1', vesselId: A, scaleId: first.scaleId, batchNumber: 1, quantity: 1, expiryDate: FAR } })]);
    expect(await storedRows()).toBe(loadShippedScale().items.length);
    expect(await chestRow(A)).toMatchObject({ rows_stored: true, batches_on_board: 1 });
    const stocked = await getVolumeRequirementsAnswer(t.db, A, TODAY, known);
    expect(stocked?.digest).toBe((await chestRow(A))?.rows_digest);
    expect(JSON.parse(stocked!.json)).toEqual(await getVolumeRequirements(t.db, A, TODAY));
  });

  it('a stocked chest\'s answer, its JSON made by PostgreSQL, is the rows as read, named by the stored digest; a held digest sends no rows', async () => {
    const log = createFakeLog();
    const [first] = required;
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e)),
      log.record({ type: 'BatchAdded', data: { batchId: 'soon', vesselId: A, scaleId: first.scaleId, batchNumber: 9, quantity: 1, expiryDate: day(20) } }),
    ]);
    const rows = (await getVolumeRequirements(t.db, A, TODAY))!;
    // What the text must render as JS does: null quantities and units, flags of both values.
    expect(rows.some((r) => r.requiredQuantity === null && r.requiredUnit === null)).toBe(true);
    expect(new Set(rows.map((r) => r.expiringSoon))).toEqual(new Set([true, false]));
    const kept = new Map<string, VolumeRequirementsAnswer>();
    const known = { get: (digest: string) => kept.get(digest), remember: (answer: VolumeRequirementsAnswer) => void kept.set(answer.digest, answer) };
    const answer = (await getVolumeRequirementsAnswer(t.db, A, TODAY, known))!;
    expect(answer.digest).toBe((await chestRow(A))?.rows_digest);
    // Byte for byte the text JSON.stringify writes of the rows (the fallback's): one text per digest.
    expect(answer.json).toBe(JSON.stringify(rows));
    expect(kept.get(answer.digest)).toBe(answer);
    // Held and kept: the kept answer itself.
    expect(await getVolumeRequirementsAnswer(t.db, A, TODAY, known, answer.digest)).toBe(answer);
    // Held but no longer kept: the rows read on their own, the same answer.
    const forgotten = { get: () => undefined, remember: () => {} };
    const again = (await getVolumeRequirementsAnswer(t.db, A, TODAY, forgotten, answer.digest))!;
    expect(again.digest).toBe(answer.digest);
    expect(again.json).toBe(answer.json);
  });

  it('an inventory event rewrites its own item\'s row and the vessel\'s figures only, the same as evaluating the whole chest, however the events are batched', async () => {
    const [first, second, third, fourth] = required;
    const shipped = loadShippedScale();
    const log = createFakeLog();
    const add = (vesselId: string, batchId: string, scaleId: string, quantity: number, expiryDate?: string) =>
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId, batchNumber: 1, quantity, ...(expiryDate ? { expiryDate } : {}) } });
    const events = [
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } }),
      ...stockingEvents(A, profile, { expiryDate: FAR, except: [first.scaleId, second.scaleId] }).map((e) => log.record(e)),
      ...stockingEvents(B, profile, { expiryDate: day(400) }).map((e) => log.record(e)),
      // A's soonest change is the day a batch comes within 60 days of expiry (day 10)...
      add(A, 'soon', first.scaleId, first.amount, day(70)),
      add(A, 'expiring', second.scaleId, 1, day(30)),
      add(A, 'expired', second.scaleId, second.amount, day(-1)),
      add(A, 'instrument', third.scaleId, 5),
      log.record({ type: 'BatchUsageRecorded', data: { batchId: `${A}-${fourth.scaleId}`, vesselId: A, scaleId: fourth.scaleId, quantityUsed: 1, previousQuantity: fourth.amount, quantityRemaining: fourth.amount - 1, reason: 'Treatment', usageDate: TODAY } }),
      log.record({ type: 'BatchAdjusted', data: { batchId: 'expiring', vesselId: A, scaleId: second.scaleId, previousQuantity: 1, newQuantity: 0, reason: 'count' } }),
      // ... until that batch goes: the next soonest is another item's.
      log.record({ type: 'BatchRemoved', data: { batchId: 'soon', vesselId: A, scaleId: first.scaleId } }),
      add(A, 'again', first.scaleId, first.amount + 2, day(200)),
      // A batch of an item B's scale does not list: counted nowhere, on board all the same.
      add(B, 'unlisted', 'NOT-IN-SCALE', 3, day(90)),
      log.record({ type: 'BatchAdjusted', data: { batchId: `${B}-${first.scaleId}`, vesselId: B, scaleId: first.scaleId, previousQuantity: first.amount, newQuantity: 0, reason: 'count' } }),
      log.record({ type: 'BatchRemoved', data: { batchId: 'unlisted', vesselId: B, scaleId: 'NOT-IN-SCALE' } }),
      log.record({ type: 'BatchAdjusted', data: { batchId: `${B}-${second.scaleId}`, vesselId: B, scaleId: second.scaleId, previousQuantity: second.amount, newQuantity: 1, reason: 'usage' } }),
    ];
    const chestTables = async () => ({
      vessels: await t.db.selectFrom('chest_vessels').selectAll().orderBy('vessel_id').execute(),
      rows: await t.db.selectFrom('volume_requirements').selectAll().orderBy('vessel_id').orderBy('position').execute(),
    });
    const stockedUpTo = events.findIndex((e) => e.type === 'BatchAdded' && (e.data as { batchId: string }).batchId === 'soon');

    // Stocked in one batch, then one event per batch: most of them touch one item of a stocked chest.
    await t.project(events.slice(0, stockedUpTo));
    const versions = async () =>
      new Map((await sql<{ k: string; v: string }>`SELECT vessel_id || ' ' || position AS k, xmin::text AS v FROM volume_requirements`.execute(t.db)).rows.map((r) => [r.k, r.v]));
    const before = await versions();
    await t.project([events[stockedUpTo]]);
    const after = await versions();
    expect([...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k)).toEqual([`${A} ${shipped.items.findIndex((i) => i.id === first.scaleId)}`]);
    for (const event of events.slice(stockedUpTo + 1)) await t.project([event]);
    const oneByOne = await chestTables();
    // The soonest change moved from day 10 (the removed batch) to another item's: day 31.
    expect(oneByOne.vessels.find((v) => v.vessel_id === A)).toMatchObject({ next_change_on: day(31), unmatched_batches: 0 });

    // The whole log in one batch: whole evaluations only.
    await resetReadModels(t.db);
    await t.project(events);
    expect(await chestTables()).toEqual(oneByOne);

    // And the daily scan's whole evaluation of the same day (of the rows it holds) finds the same.
    await evaluateAndStoreRows(t.db, await t.db.selectFrom('chest_vessels').selectAll().where('vessel_id', 'in', [A, B]).execute(), TODAY);
    expect(await chestTables()).toEqual(oneByOne);
    for (const vessel of oneByOne.vessels) {
      const rows = oneByOne.rows.filter((r) => r.vessel_id === vessel.vessel_id);
      expect(vessel.batches_on_board).toBe(rows.reduce((n, r) => n + r.batches_on_board, 0));
    }
  });

  it('follows batches: stocked in full is Compliant, one item short is Non-Compliant, one missing is Critical, one expiring is Expiring Soon', async () => {
    const log = createFakeLog();
    const [first, second] = required;
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details } }), ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e))]);
    expect(await chestRow(A)).toMatchObject({ status: 'Compliant', critical_items: 0, low_stock_items: 0, batches_on_board: required.length, next_change_on: day(700 - 60) });

    const adjust = (scaleId: string, previousQuantity: number, newQuantity: number) =>
      log.record({ type: 'BatchAdjusted', data: { batchId: `${A}-${scaleId}`, vesselId: A, scaleId, previousQuantity, newQuantity, reason: 'usage' } });
    if (first.amount > 1) {
      await t.project([adjust(first.scaleId, first.amount, first.amount - 1)]);
      expect(await chestRow(A)).toMatchObject({ status: 'Non-Compliant', low_stock_items: 1 });
      expect((await getVolumeRequirements(t.db, A, TODAY))?.find((r) => r.scaleId === first.scaleId)).toMatchObject({
        actualQuantity: first.amount - 1,
        complianceStatus: 'low_stock',
      });
    }
    await t.project([log.record({ type: 'BatchRemoved', data: { batchId: `${A}-${first.scaleId}`, vesselId: A, scaleId: first.scaleId } })]);
    expect(await chestRow(A)).toMatchObject({ status: 'Critical', critical_items: 1, low_stock_items: 0, batches_on_board: required.length - 1 });
    expect(await listCriticalItems(t.db, TODAY, ALL_VESSELS)).toEqual([
      expect.objectContaining({ vesselId: A, vesselName: details.vesselName, scaleId: first.scaleId }),
    ]);

    await t.project([
      log.record({ type: 'BatchAdded', data: { batchId: 'soon', vesselId: A, scaleId: first.scaleId, batchNumber: 2, quantity: first.amount, expiryDate: day(30) } }),
    ]);
    expect(await chestRow(A)).toMatchObject({ status: 'Expiring Soon', expiring_batches: 1, next_change_on: day(31) });

    // A batch of the second item expired yesterday: it stays on board but counts for nothing.
    await t.project([adjust(second.scaleId, second.amount, 0)]);
    await t.project([
      log.record({ type: 'BatchAdded', data: { batchId: 'old', vesselId: A, scaleId: second.scaleId, batchNumber: 2, quantity: second.amount, expiryDate: day(-1) } }),
    ]);
    expect(await chestRow(A)).toMatchObject({ status: 'Critical', critical_items: 1 });
  });

  it('evaluates again when a profile field moves, and not for a contact edit', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details } }), ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e))]);
    expect((await chestRow(A))?.status).toBe('Compliant');
    await t.db.updateTable('chest_vessels').set({ status: 'marker' }).where('vessel_id', '=', A).execute();
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: { ...details, contactName: 'Someone Else' } } })]);
    expect((await chestRow(A))?.status).toBe('marker');

    // 22 to 25 crew moves no requirement (supplies per started 10, no rule at 30): the rows are
    // not written again (same row versions), only the vessel's own row.
    await t.db.updateTable('chest_vessels').set({ status: 'Compliant' }).where('vessel_id', '=', A).execute();
    const versions = async () => (await sql<{ v: string }>`SELECT string_agg(xmin::text, ',' ORDER BY position) AS v FROM volume_requirements WHERE vessel_id = ${A}`.execute(t.db)).rows[0].v;
    const before = await versions();
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: { ...details, crewSizeCategory: 25 } } })]);
    expect(await chestRow(A)).toMatchObject({ crew_size: 25, status: 'Compliant' });
    expect(await versions()).toBe(before);

    // Twice the crew: supplies are per 10 crew, so they no longer suffice.
    const bigger = { ...details, crewSizeCategory: 45 };
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: bigger } })]);
    const row = await chestRow(A);
    expect(row).toMatchObject({ crew_size: 45 });
    expect(['Non-Compliant', 'Critical']).toContain(row?.status);
    expect(row!.low_stock_items).toBeGreaterThan(0);
  });

  it('an evaluation whose day has passed is made again in memory by a read, which stores nothing; the daily scan stores it', async () => {
    const log = createFakeLog();
    const [first] = required;
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      ...stockingEvents(A, profile, { expiryDate: FAR, except: [first.scaleId] }).map((e) => log.record(e)),
      log.record({ type: 'BatchAdded', data: { batchId: 'x', vesselId: A, scaleId: first.scaleId, batchNumber: 1, quantity: first.amount, expiryDate: day(70) } }),
    ]);
    expect(await chestRow(A)).toMatchObject({ status: 'Compliant', next_change_on: day(10) });
    expect(await refreshChests(t.db, day(9))).toBe(0);

    // Ten days on the batch is within 60 days of expiry; seventy-one days on it has expired.
    const in10 = new Date(`${day(10)}T08:00:00Z`);
    const stored = await chestRow(A);
    expect((await getDashboardStats(t.db, in10, ALL_VESSELS)).expiringItems).toBe(1);
    expect((await listFleetCompliance(t.db, day(10), ALL_VESSELS))[0]).toMatchObject({ complianceStatus: 'Expiring Soon', expiringItems: 1 });
    expect((await getVolumeRequirements(t.db, A, day(10)))?.find((r) => r.scaleId === first.scaleId)).toMatchObject({ complianceStatus: 'compliant', expiringSoon: true });
    // Reads read: the stored evaluation is as the projection left it.
    expect(await chestRow(A)).toEqual(stored);
    // The daily scan is the writer of a day that has come.
    expect(await refreshChests(t.db, day(10))).toBe(1);
    expect(await chestRow(A)).toMatchObject({ status: 'Expiring Soon', evaluated_on: day(10), next_change_on: day(71) });
    expect((await listFleetCompliance(t.db, day(71), ALL_VESSELS))[0]).toMatchObject({ complianceStatus: 'Critical', criticalItems: 1, expiringItems: 0 });
    expect((await getVolumeRequirements(t.db, A, day(71)))?.find((r) => r.scaleId === first.scaleId)).toMatchObject({ actualQuantity: 0, complianceStatus: 'critical' });
    expect(await listCriticalItems(t.db, day(71), ALL_VESSELS)).toEqual([expect.objectContaining({ vesselId: A, scaleId: first.scaleId })]);
    expect(await listCriticalItems(t.db, day(10), ALL_VESSELS)).toEqual([]);
    const kept = new Map<string, VolumeRequirementsAnswer>();
    const answer = await getVolumeRequirementsAnswer(t.db, A, day(71), { get: (d) => kept.get(d), remember: (a) => void kept.set(a.digest, a) });
    expect(JSON.parse(answer!.json)).toEqual(await getVolumeRequirements(t.db, A, day(71)));
    expect(await chestRow(A)).toMatchObject({ evaluated_on: day(10), next_change_on: day(71) });
    // Asked for an earlier day again, it answers for that day.
    expect((await getVolumeRequirements(t.db, A, TODAY))?.find((r) => r.scaleId === first.scaleId)).toMatchObject({ complianceStatus: 'compliant', expiringSoon: false });
  });

  it('a read of a day that has come follows the events recorded since, as long as that day is not stored', async () => {
    const log = createFakeLog();
    const [first, second] = required;
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      ...stockingEvents(A, profile, { expiryDate: FAR, except: [first.scaleId, second.scaleId] }).map((e) => log.record(e)),
      log.record({ type: 'BatchAdded', data: { batchId: 'x', vesselId: A, scaleId: first.scaleId, batchNumber: 1, quantity: first.amount, expiryDate: day(70) } }),
      log.record({ type: 'BatchAdded', data: { batchId: 'y', vesselId: A, scaleId: second.scaleId, batchNumber: 1, quantity: second.amount, expiryDate: day(70) } }),
    ]);
    const statusOn10 = async () => (await listFleetCompliance(t.db, day(10), ALL_VESSELS))[0].complianceStatus;
    expect(await statusOn10()).toBe('Expiring Soon');
    expect(await statusOn10()).toBe('Expiring Soon');
    // The projection evaluates for its own day (today), so day 10 is still not stored: the read
    // evaluates again, with the batch gone.
    await t.project([log.record({ type: 'BatchRemoved', data: { batchId: 'x', vesselId: A, scaleId: first.scaleId } })]);
    expect(await chestRow(A)).toMatchObject({ status: 'Critical', evaluated_on: TODAY, next_change_on: day(10) });
    expect(await statusOn10()).toBe('Critical');
    expect(await listCriticalItems(t.db, day(10), ALL_VESSELS)).toEqual([expect.objectContaining({ vesselId: A, scaleId: first.scaleId })]);
    expect((await getDashboardStats(t.db, new Date(`${day(10)}T08:00:00Z`), ALL_VESSELS)).criticalAlerts).toBe(1);
  });

  it('fleet figures: compliant vessels, critical alerts, expiring items and batches on board', async () => {
    const log = createFakeLog();
    const [first] = required;
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } }),
      ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e)),
      ...stockingEvents(B, profile, { expiryDate: day(20), except: [first.scaleId] }).map((e) => log.record(e)),
    ]);
    const stats = await getDashboardStats(t.db, NOW, ALL_VESSELS);
    expect(stats).toMatchObject({
      totalVessels: 2,
      compliantVessels: 1,
      criticalAlerts: 1,
      expiringItems: required.length - 1,
      totalInventoryItems: 2 * required.length - 1,
    });
    expect((await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).map((v) => [v.vesselName, v.complianceStatus, v.criticalItems, v.expiringItems])).toEqual([
      ['Baltic Trader', 'Critical', 1, required.length - 1],
      [details.vesselName, 'Compliant', 0, 0],
    ]);

    await t.project([log.record({ type: 'VesselDeleted', data: { vesselId: B, vesselName: 'Baltic Trader' } })]);
    expect(await getDashboardStats(t.db, NOW, ALL_VESSELS)).toMatchObject({ totalVessels: 1, compliantVessels: 1, criticalAlerts: 0, expiringItems: 0, totalInventoryItems: required.length });
    expect(await t.db.selectFrom('volume_requirements').select('vessel_id').where('vessel_id', '=', B).execute()).toEqual([]);
  });

  it('a vessel assigned an imported scale follows it, and back to the shipped one', async () => {
    const shipped = loadShippedScale();
    // A flag state's own table: the first ten items only, the first one doubled.
    const flagScale: Scale = {
      id: 'flag-state-2026',
      name: 'Flag State table 2026',
      source: 'Flag registry circular 12/2026',
      effectiveDate: '2026-01-01',
      items: shipped.items.slice(0, 10),
    };
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'ScaleImported', data: scaleImportedData(flagScale, 'a'.repeat(64)) }),
      log.record({ type: 'VesselScaleAssigned', data: { vesselId: A, scaleId: flagScale.id } }),
    ]);
    expect((await getVolumeRequirements(t.db, A, TODAY))?.map((r) => r.scaleId)).toEqual(flagScale.items.map((i) => i.id));
    expect(await getVesselScale(t.db, A)).toEqual({ id: flagScale.id, name: flagScale.name, source: flagScale.source, effectiveDate: '2026-01-01' });
    expect((await listScales(t.db)).map((s) => [s.id, s.itemCount])).toEqual([
      [SHIPPED_SCALE_METADATA.id, null],
      [flagScale.id, 10],
    ]);

    await t.project([log.record({ type: 'VesselScaleAssigned', data: { vesselId: A, scaleId: SHIPPED_SCALE_METADATA.id } })]);
    expect(await getVolumeRequirements(t.db, A, TODAY)).toHaveLength(shipped.items.length);
    expect(await getVesselScale(t.db, A)).toEqual(SHIPPED_SCALE_METADATA);
  });

  it('a stocked chest moved to a shorter scale keeps no rows past its end, and its first stocking there stores that scale\'s rows only', async () => {
    const flagScale: Scale = { id: 'flag-short', name: 'Short table', source: 'test', effectiveDate: '2026-01-01', items: loadShippedScale().items.slice(0, 5) };
    const log = createFakeLog();
    const storedPositions = async (vesselId: string) =>
      (await t.db.selectFrom('volume_requirements').select('position').where('vessel_id', '=', vesselId).orderBy('position').execute()).map((r) => r.position);
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } }),
      log.record({ type: 'ScaleImported', data: scaleImportedData(flagScale, 'b'.repeat(64)) }),
      ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e)),
    ]);
    expect(await storedPositions(A)).toHaveLength(loadShippedScale().items.length);
    await t.project([
      log.record({ type: 'VesselScaleAssigned', data: { vesselId: A, scaleId: flagScale.id } }),
      log.record({ type: 'VesselScaleAssigned', data: { vesselId: B, scaleId: flagScale.id } }),
      log.record({ type: 'BatchAdded', data: { batchId: 'b1', vesselId: B, scaleId: flagScale.items[0].id, batchNumber: 1, quantity: 1, expiryDate: FAR } }),
    ]);
    expect(await storedPositions(A)).toEqual([0, 1, 2, 3, 4]);
    expect(await storedPositions(B)).toEqual([0, 1, 2, 3, 4]);
    expect((await getVolumeRequirements(t.db, A, TODAY))?.map((r) => r.scaleId)).toEqual(flagScale.items.map((i) => i.id));
  });

  it('names each evaluation by the digest of its answer: a kept answer is served after reading one row, a change gives a new one', async () => {
    const log = createFakeLog();
    const [first] = required;
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details } }), ...stockingEvents(A, profile, { expiryDate: FAR }).map((e) => log.record(e))]);
    const kept = new Map<string, VolumeRequirementsAnswer>();
    const known = { get: (digest: string) => kept.get(digest), remember: (answer: VolumeRequirementsAnswer) => void kept.set(answer.digest, answer) };

    const answer = await getVolumeRequirementsAnswer(t.db, A, TODAY, known);
    // The text read back is the text the evaluation digested, and it is the rows' JSON.
    expect(answer?.digest).toBe((await chestRow(A))?.rows_digest);
    expect(JSON.parse(answer!.json)).toEqual(await getVolumeRequirements(t.db, A, TODAY));
    expect([...kept.keys()]).toEqual([answer!.digest]);

    // While the evaluation stands, the kept answer is what comes back (a marked copy proves it).
    kept.set(answer!.digest, { digest: answer!.digest, json: 'kept' });
    expect((await getVolumeRequirementsAnswer(t.db, A, TODAY, known))?.json).toBe('kept');

    await t.project([log.record({ type: 'BatchRemoved', data: { batchId: `${A}-${first.scaleId}`, vesselId: A, scaleId: first.scaleId } })]);
    const after = await getVolumeRequirementsAnswer(t.db, A, TODAY, known);
    expect(after?.digest).not.toBe(answer!.digest);
    expect(after?.digest).toBe((await chestRow(A))?.rows_digest);
    // The item's row written alone carries its text, and the digest moved by it names the rows.
    const rows = (await getVolumeRequirements(t.db, A, TODAY))!;
    expect(after!.json).toBe(JSON.stringify(rows));
    expect(after!.digest).toBe(rowsDigest(rows));
    expect((JSON.parse(after!.json) as { scaleId: string; complianceStatus: string }[]).find((r) => r.scaleId === first.scaleId)?.complianceStatus).toBe('critical');
    expect(await getVolumeRequirementsAnswer(t.db, B, TODAY, known)).toBeUndefined();
  });
  it('writes each vessel\'s chest row once per batch: an insert for a new vessel, one update for a changed one', async () => {
    // The backend's counts not yet flushed to the shared statistics (pg_stat_xact_user_tables),
    // read before and after the apply inside the projection's transaction: exact (a backend
    // flushes them only between transactions), with no wait for the flush.
    type Counts = Record<string, { ins: number; upd: number; del: number }>;
    const counts = async (trx: Transaction<ReadModelDb>): Promise<Counts> => {
      const { rows } = await sql<{ relname: string; ins: number; upd: number; del: number }>`
        SELECT relname, n_tup_ins::int AS ins, n_tup_upd::int AS upd, n_tup_del::int AS del
          FROM pg_stat_xact_user_tables WHERE relname IN ('chest_vessels', 'volume_requirements')`.execute(trx);
      return Object.fromEntries(rows.map(({ relname, ...n }) => [relname, n]));
    };
    let writes: Counts = {};
    const counted: Projection = {
      ...medicalChestProjection,
      async apply(trx, events) {
        const before = await counts(trx);
        await medicalChestProjection.apply(trx, events);
        const after = await counts(trx);
        writes = Object.fromEntries(
          Object.entries(after).map(([table, n]) => [table, { ins: n.ins - before[table].ins, upd: n.upd - before[table].upd, del: n.del - before[table].del }]),
        );
      },
    };
    const project = (events: Parameters<typeof t.project>[0]) => t.project(events, [counted]);
    const C = 'e0000000-0000-4000-8000-000000000003';
    const [first, second] = required;
    const log = createFakeLog();
    const add = (vesselId: string, batchId: string, scaleId: string) =>
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId, batchNumber: 1, quantity: 1, expiryDate: FAR } });
    const items = loadShippedScale().items.length;

    // Three new vessels, one given a scale, one its first batch (its rows stored): three inserts.
    await project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } }),
      log.record({ type: 'VesselCreated', data: { vesselId: C, details: { ...details, vesselName: 'Nordic Star', imoNumber: '9074729' } } }),
      log.record({ type: 'VesselScaleAssigned', data: { vesselId: B, scaleId: SHIPPED_SCALE_METADATA.id } }),
      add(C, 'c1', first.scaleId),
    ]);
    expect(writes.chest_vessels).toEqual({ ins: 3, upd: 0, del: 0 });
    expect(writes.volume_requirements).toEqual({ ins: items, upd: 0, del: 0 });
    expect(await chestRow(C)).toMatchObject({ rows_stored: true, batches_on_board: 1, critical_items: required.length - 1 });

    // A profile moved, a scale assigned, an item stocked (written item-wise), a contact edit (nothing):
    // one update per vessel changed.
    await project([
      log.record({ type: 'VesselUpdated', data: { vesselId: A, details: { ...details, crewSizeCategory: 45 } } }),
      log.record({ type: 'VesselScaleAssigned', data: { vesselId: B, scaleId: SHIPPED_SCALE_METADATA.id } }),
      log.record({ type: 'VesselUpdated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483', contactName: 'Someone Else' } } }),
      add(C, 'c2', second.scaleId),
    ]);
    expect(writes.chest_vessels).toEqual({ ins: 0, upd: 3, del: 0 });
    expect(writes.volume_requirements).toEqual({ ins: 0, upd: 1, del: 0 });
    expect(await chestRow(A)).toMatchObject({ crew_size: 45, rows_stored: false });
    expect(await chestRow(C)).toMatchObject({ batches_on_board: 2, critical_items: required.length - 2 });
  });

  it('in a rebuild (each event once) COPYs a first stocking\'s rows, storing what the upsert stores; stocked chests\' rows still go through it', async () => {
    const [first, second] = required;
    const log = createFakeLog();
    const add = (vesselId: string, batchId: string, scaleId: string, quantity = 1) =>
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId, batchNumber: 1, quantity, expiryDate: FAR } });
    const batchesOfTheLog = [
      [
        log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
        log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } }),
        ...stockingEvents(A, profile, { expiryDate: FAR, except: [first.scaleId] }).map((e) => log.record(e)),
      ],
      // B's first stocking; A's item-wise change and then its profile moved (a whole evaluation of stored rows).
      [add(B, 'b1', second.scaleId, 2), add(A, 'a1', first.scaleId, first.amount)],
      [log.record({ type: 'VesselUpdated', data: { vesselId: A, details: { ...details, crewSizeCategory: 45 } } }), add(B, 'b2', first.scaleId)],
      [log.record({ type: 'VesselDeleted', data: { vesselId: B, vesselName: 'Baltic Trader' } })],
    ];
    const chestTables = async () => ({
      vessels: await t.db.selectFrom('chest_vessels').selectAll().orderBy('vessel_id').execute(),
      rows: await t.db.selectFrom('volume_requirements').selectAll().orderBy('vessel_id').orderBy('position').execute(),
    });
    const byUpsert: Awaited<ReturnType<typeof chestTables>>[] = [];
    for (const events of batchesOfTheLog) {
      await t.project(events, [medicalChestProjection]);
      byUpsert.push(await chestTables());
    }
    expect(byUpsert[1].rows.filter((r) => r.vessel_id === B)).toHaveLength(loadShippedScale().items.length);

    await resetReadModels(t.db);
    statements.length = 0;
    await ensureCheckpoints(t.db, 'projection', [medicalChestProjection.name]);
    const checkpoints = await readCheckpoints(t.db, [medicalChestProjection.name]);
    for (const [i, events] of batchesOfTheLog.entries()) {
      await applyBatch(t.db, [medicalChestProjection], checkpoints, events, { exactlyOnce: true, validate: true });
      expect(await chestTables()).toEqual(byUpsert[i]);
    }
    // A's first stocking, then B's.
    expect(copiesInto(statements, 'volume_requirements')).toBe(2);
  });
});
