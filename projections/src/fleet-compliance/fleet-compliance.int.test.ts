import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { medicalProfileOf, ALL_VESSELS } from '@medchest/domain';
import { requiredItems, stockingEvents } from '../testing/chest';
import { listFleetCompliance } from './queries';

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
});
