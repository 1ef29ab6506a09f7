import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { listFleetCompliance } from './queries';

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
  it('lists every live vessel as Compliant with the fields of a fleet compliance item, by name', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails({ vesselName: 'Ocean Pearl' }) } }),
      log.record({
        type: 'VesselCreated',
        data: { vesselId: B, details: vesselDetails({ vesselName: 'Baltic Trader', imoNumber: '9321483', fleet: undefined, ownershipCompany: undefined, flagState: 'PANAMA', crewSizeCategory: 14 }) },
      }),
    ]);
    expect(await listFleetCompliance(t.db)).toEqual([
      {
        id: B,
        vesselName: 'Baltic Trader',
        imoNumber: '9321483',
        flagState: 'PANAMA',
        crewSizeCategory: 14,
        complianceStatus: 'Compliant',
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
        complianceStatus: 'Compliant',
        lastMedicalReview: null,
        medicalChestCertificateExpiry: null,
        fleet: 'North Atlantic',
        ownershipCompany: 'Nordic Bulk AS',
      },
    ]);
  });

  it('follows a vessel edit without touching a status that other events own, and drops a deleted vessel', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } })]);
    // Stands in for a later inventory event judging the chest.
    await t.db.updateTable('fleet_compliance').set({ compliance_status: 'Critical' }).where('id', '=', A).execute();
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ fleet: 'Baltic' }) } })]);
    expect(await listFleetCompliance(t.db)).toMatchObject([{ id: A, fleet: 'Baltic', complianceStatus: 'Critical' }]);

    await t.project([log.record({ type: 'VesselDeleted', data: { vesselId: A, vesselName: 'MV Nordic Star' } })]);
    expect(await listFleetCompliance(t.db)).toEqual([]);
  });
});
