import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { isoToday, medicalProfileOf, ALL_VESSELS, type FleetComplianceItem, type VesselScope } from '@medchest/domain';
import { addDays, format } from 'date-fns';
import { requiredItems, stockingEvents } from '../testing/chest';
import { sql } from 'kysely';
import { createReadModelDb } from '../db';
import { decodeFleetComplianceCursor, fleetComplianceAnswer, listFleetCompliance, type FleetCompliancePaging } from './queries';

const TODAY = '2026-03-01';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_fleet');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'a0000000-0000-4000-8000-000000000002';
const C = 'a0000000-0000-4000-8000-000000000003';

describe('fleet compliance', () => {
  it('lists every live vessel with the fields of a fleet compliance item, by name; with nothing on board a vessel is Critical', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails({ vesselName: 'Ocean Pearl' }) } }),
      log.record({
        type: 'VesselCreated',
        data: { vesselId: B, details: vesselDetails({ vesselName: 'Baltic Trader', imoNumber: '9321483', fleet: undefined, ownershipCompany: undefined, flagState: 'PANAMA', crewSizeCategory: 14 }) },
      }),
    ]);
    expect(await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).toEqual([
      {
        id: B,
        vesselName: 'Baltic Trader',
        imoNumber: '9321483',
        flagState: 'PANAMA',
        crewSizeCategory: 14,
        complianceStatus: 'Critical',
        criticalItems: requiredItems(medicalProfileOf({ crewSizeCategory: 14 })).length,
        lowStockItems: 0,
        expiringItems: 0,
        lastMedicalReview: null,
        medicalChestCertificateExpiry: null,
        fleet: null,
        ownershipCompany: null,
      },
      {
        id: A,
        vesselName: 'Ocean Pearl',
        imoNumber: '9074729',
        flagState: 'LIBERIA',
        crewSizeCategory: 22,
        complianceStatus: 'Critical',
        criticalItems: requiredItems(medicalProfileOf({ crewSizeCategory: 22 })).length,
        lowStockItems: 0,
        expiringItems: 0,
        lastMedicalReview: null,
        medicalChestCertificateExpiry: null,
        fleet: 'North Atlantic',
        ownershipCompany: 'Nordic Bulk AS',
      },
    ]);
  });

  it('follows a vessel edit, takes its status from the chest, and drops a deleted vessel', async () => {
    const log = createFakeLog();
    const details = vesselDetails();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      ...stockingEvents(A, medicalProfileOf(details), { expiryDate: '2030-01-01' }).map((e) => log.record(e)),
    ]);
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ fleet: 'Baltic' }) } })]);
    expect(await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).toMatchObject([{ id: A, fleet: 'Baltic', complianceStatus: 'Compliant', criticalItems: 0 }]);

    await t.project([log.record({ type: 'VesselDeleted', data: { vesselId: A, vesselName: 'MV Nordic Star' } })]);
    expect(await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).toEqual([]);
  });

  it('leaves a vessel row untouched by an edit of what it does not store (contact details), and rewrites it for an edit of what it does', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } })]);
    const stored = () => sql<{ xmin: string; item_middle: string }>`SELECT xmin::text, item_middle FROM fleet_compliance WHERE id = ${A}`.execute(t.db).then((r) => r.rows[0]);
    const created = await stored();

    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ contactName: 'Someone Else', contactPhone: '+47 99999999' }) } })]);
    expect(await stored()).toEqual(created);

    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ fleet: 'Baltic' }) } })]);
    const edited = await stored();
    expect(edited.xmin).not.toBe(created.xmin);
    expect(edited.item_middle).toContain('"fleet":"Baltic"');
    expect(await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).toMatchObject([{ id: A, fleet: 'Baltic' }]);
  });

  it('adds the row of a vessel edited in a batch that does not hold its creation when the table lacks it', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: B, details: vesselDetails({ vesselName: 'Late Comer', fleet: undefined, ownershipCompany: undefined }) } })]);
    expect(await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).toMatchObject([{ id: B, vesselName: 'Late Comer', fleet: null, ownershipCompany: null }]);
  });

  it('answers the list, whole or page by page, as the JSON text JSON.stringify writes of the items (made by PostgreSQL), a chest whose day has come evaluated for that day', async () => {
    const log = createFakeLog();
    // The chest projection evaluates for the real day: the reads here are for it and ten days on.
    const today = isoToday(new Date());
    const in10 = format(addDays(new Date(`${today}T12:00:00Z`), 10), 'yyyy-MM-dd');
    const details = vesselDetails({ vesselName: 'Ocean "Pearl" \\ Ærø ✓\ttab' });
    const [first] = requiredItems(medicalProfileOf(details));
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
      log.record({ type: 'CertificateRecorded', data: { vesselId: A, vesselName: details.vesselName, expiryDate: '2027-01-15', certificateIssuer: 'Liberian Registry' } }),
      // A: stocked, its one batch of the first item expiring in 70 days: within 60 days ten days on.
      ...stockingEvents(A, medicalProfileOf(details), { expiryDate: '2099-01-01', except: [first.scaleId] }).map((e) => log.record(e)),
      log.record({
        type: 'BatchAdded',
        data: { batchId: 'soon', vesselId: A, scaleId: first.scaleId, batchNumber: 1, quantity: first.amount, expiryDate: format(addDays(new Date(`${today}T12:00:00Z`), 70), 'yyyy-MM-dd') },
      }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: vesselDetails({ vesselName: 'baltic Trader', imoNumber: '9321483', fleet: undefined, ownershipCompany: undefined }) } }),
      log.record({ type: 'VesselCreated', data: { vesselId: C, details: vesselDetails({ vesselName: 'Baltic Trader', imoNumber: '9234567' }) } }),
    ]);
    const answer = (page?: FleetCompliancePaging, on = today) => fleetComplianceAnswer(t.db, on, ALL_VESSELS, page);
    const whole = await answer();
    const items = JSON.parse(whole.json) as FleetComplianceItem[];
    expect(items).toEqual(await listFleetCompliance(t.db, today, ALL_VESSELS));
    expect(items.map((i) => [i.vesselName, i.complianceStatus, i.expiringItems, i.medicalChestCertificateExpiry, i.fleet])).toEqual([
      ['Baltic Trader', 'Critical', 0, null, 'North Atlantic'],
      ['baltic Trader', 'Critical', 0, null, null],
      [details.vesselName, 'Compliant', 0, '2027-01-15', 'North Atlantic'],
    ]);
    // As JSON.stringify writes it, fields in the item's order: the text (and its ETag) as before.
    const fields: (keyof FleetComplianceItem)[] = ['id', 'vesselName', 'imoNumber', 'flagState', 'crewSizeCategory', 'complianceStatus', 'lastMedicalReview', 'medicalChestCertificateExpiry', 'fleet', 'ownershipCompany', 'criticalItems', 'lowStockItems', 'expiringItems'];
    expect(Object.keys(items[0])).toEqual(fields);
    expect(whole.json).toBe(JSON.stringify(items));
    expect(whole.nextCursor).toBeUndefined();

    // Page by page: each page's cursor names its last item; the pages add up to the whole list.
    const one = await answer({ limit: 1 });
    expect(one.json).toBe(JSON.stringify(items.slice(0, 1)));
    expect(decodeFleetComplianceCursor(one.nextCursor!)).toEqual({ vesselName: 'Baltic Trader', id: C });
    const two = await answer({ limit: 1, after: decodeFleetComplianceCursor(one.nextCursor!) });
    expect(two.json).toBe(JSON.stringify(items.slice(1, 2)));
    const last = await answer({ limit: 5, after: decodeFleetComplianceCursor(two.nextCursor!) });
    expect(last).toEqual({ json: JSON.stringify(items.slice(2)) });
    expect(await answer({ limit: 3 })).toEqual({ json: whole.json });
    expect(await fleetComplianceAnswer(t.db, today, { kind: 'none' }, { limit: 2 })).toEqual({ json: '[]' });

    // Ten days on A's stored evaluation (Compliant) no longer holds: the answer evaluates it for that day.
    const later = await answer(undefined, in10);
    const laterItems = JSON.parse(later.json) as FleetComplianceItem[];
    expect(laterItems[2]).toMatchObject({ id: A, complianceStatus: 'Expiring Soon', expiringItems: 1 });
    expect(laterItems).toEqual(await listFleetCompliance(t.db, in10, ALL_VESSELS));
    expect(later.json).toBe(JSON.stringify(laterItems));
    expect(await answer({ limit: 1, after: decodeFleetComplianceCursor(two.nextCursor!) }, in10)).toEqual({ json: JSON.stringify(laterItems.slice(2)) });
  });

  it('pages each scope through its own vessels, the page statement compiled once per shape and given each call its own values', async () => {
    const log = createFakeLog();
    const vessel = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const user = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const fleets = ['North Atlantic', 'Baltic', undefined];
    await t.project([
      ...Array.from({ length: 9 }, (_, n) =>
        log.record({ type: 'VesselCreated', data: { vesselId: vessel(n), details: vesselDetails({ vesselName: `V${n}`, imoNumber: `90000${10 + n}`, fleet: fleets[n % 3] }) } }),
      ),
      log.record({ type: 'UserFleetsAssigned', data: { userId: user(1), fleets: ['Baltic'] } }),
      log.record({ type: 'UserVesselsAssigned', data: { userId: user(2), vesselIds: [vessel(5)] } }),
      log.record({ type: 'UserFleetsAssigned', data: { userId: user(2), fleets: ['North Atlantic'] } }),
      log.record({ type: 'UserVesselsAssigned', data: { userId: user(4), vesselIds: [vessel(2), vessel(8)] } }),
    ]);
    const pagedThrough = async (scope: VesselScope, limit: number) => {
      const names: string[] = [];
      let after: FleetCompliancePaging['after'];
      for (;;) {
        const page = await fleetComplianceAnswer(t.db, TODAY, scope, { limit, after });
        names.push(...(JSON.parse(page.json) as FleetComplianceItem[]).map((item) => item.vesselName));
        if (!page.nextCursor) return names;
        after = decodeFleetComplianceCursor(page.nextCursor);
      }
    };
    const scopes: [VesselScope, string[]][] = [
      [{ kind: 'assigned', userId: user(1) }, ['V1', 'V4', 'V7']],
      [{ kind: 'assigned', userId: user(2) }, ['V0', 'V3', 'V5', 'V6']],
      [{ kind: 'assigned', userId: user(3) }, []],
      [{ kind: 'assigned', userId: user(4) }, ['V2', 'V8']],
      [{ kind: 'own', vesselId: vessel(8) }, ['V8']],
      [{ kind: 'own', vesselId: vessel(2) }, ['V2']],
      [{ kind: 'own', vesselId: null }, []],
      [ALL_VESSELS, Array.from({ length: 9 }, (_, n) => `V${n}`)],
    ];
    // Twice over, each shape (scope kind, page size, first page or after a cursor) asked by
    // different accounts in turn: no answer carries another call's values.
    for (let round = 0; round < 2; round++) {
      for (const [scope, expected] of scopes) {
        for (const limit of [1, 2, 50]) expect(await pagedThrough(scope, limit), `${JSON.stringify(scope)} by ${limit}`).toEqual(expected);
        expect((JSON.parse((await fleetComplianceAnswer(t.db, TODAY, scope)).json) as FleetComplianceItem[]).map((item) => item.vesselName)).toEqual(expected);
      }
    }
  });

  it('reads a page as a prepared statement that PostgreSQL plans once (its generic plan), not again on every call', async () => {
    const log = createFakeLog();
    // A fleet of 300 with its statistics, so the plans' costs are those of a real list.
    const ids = Array.from({ length: 300 }, (_, n) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    await t.project(ids.map((vesselId, n) => log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails({ vesselName: `MV ${n}` }) } })));
    await sql`ANALYZE`.execute(t.db);
    // One connection, so every call and the look at its prepared statements share it.
    const one = createReadModelDb(t.url, { maxConnections: 1 });
    try {
      const expected = JSON.stringify((await listFleetCompliance(t.db, TODAY, ALL_VESSELS)).slice(0, 1));
      expect(JSON.parse(expected)).toHaveLength(1);
      for (let call = 0; call < 8; call++) expect((await fleetComplianceAnswer(one, TODAY, ALL_VESSELS, { limit: 1 })).json).toBe(expected);
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%fleet_compliance%'`.execute(one);
      // PostgreSQL tries five custom plans first; from then on the one generic plan, when it costs
      // no more than they did (a LIMIT sent as a parameter would not: it is planned for 10% of the rows).
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(2);
    } finally {
      await one.destroy();
    }
  });
});
