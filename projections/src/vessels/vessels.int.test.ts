import { ALL_VESSELS } from '@medchest/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetReadModels, createReadModelTestDb, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { findVesselByImo, getVessel, listVessels } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_vessels');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = '0b1f7a52-5d0e-4c3e-9a57-0f0d1c7c0a01';
const B = '0b1f7a52-5d0e-4c3e-9a57-0f0d1c7c0a02';
const C = '0b1f7a52-5d0e-4c3e-9a57-0f0d1c7c0a03';

describe('vessel list and detail', () => {
  it('shows a created vessel with every field of the spec, absent ones as null', async () => {
    const log = createFakeLog();
    const created = log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }, { userId: 'u-1' });
    await t.project([created]);

    expect(await getVessel(t.db, A)).toEqual({
      id: A,
      vesselName: 'MV Nordic Star',
      imoNumber: '9074729',
      flagState: 'LIBERIA',
      crewSizeCategory: 22,
      contactName: 'Anna Berg',
      contactPhone: '+47 22 33 44 55',
      contactEmail: 'master@nordicstar.example',
      fleet: 'North Atlantic',
      vesselType: 'BULK_CARRIER',
      ownershipCompany: 'Nordic Bulk AS',
      ownershipContactEmail: 'ops@nordicbulk.example',
      onboardingDate: '2024-03-01',
      contractEndDate: '2026-02-28',
      lastMedicalReview: null,
      medicalChestCertificatePath: null,
      medicalChestCertificateExpiry: null,
      certificateIssuer: null,
      certificateExpiry: null,
      medicalCategory: 'A',
      womenOnBoard: false,
      carriesDangerousGoods: false,
      createdAt: created.metadata.occurredAt,
      updatedAt: created.metadata.occurredAt,
    });
  });

  it('an edit replaces the details, clears what the form left empty and keeps the creation time', async () => {
    const log = createFakeLog();
    const created = log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } });
    await t.project([created]);
    const edited = log.record({
      type: 'VesselUpdated',
      data: {
        vesselId: A,
        details: vesselDetails({ vesselName: 'MV Nordic Dawn', crewSizeCategory: 30, contactPhone: undefined, fleet: undefined }),
      },
    });
    await t.project([edited]);

    const vessel = await getVessel(t.db, A);
    expect(vessel).toMatchObject({ vesselName: 'MV Nordic Dawn', crewSizeCategory: 30, contactPhone: null, fleet: null });
    expect(vessel?.createdAt).toBe(created.metadata.occurredAt);
    expect(vessel?.updatedAt).toBe(edited.metadata.occurredAt);
  });

  it('a deleted vessel is gone from the list, the detail and the IMO lookup', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: vesselDetails({ vesselName: 'Atlantic Hope', imoNumber: '9321483' }) } }),
    ]);
    await t.project([log.record({ type: 'VesselDeleted', data: { vesselId: A, vesselName: 'MV Nordic Star' } })]);

    expect(await getVessel(t.db, A)).toBeUndefined();
    expect(await findVesselByImo(t.db, '9074729')).toBeUndefined();
    expect((await listVessels(t.db, ALL_VESSELS)).map((v) => v.id)).toEqual([B]);
  });

  it('lists vessels sorted by name, whatever their case', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails({ vesselName: 'Ocean Pearl', imoNumber: '9000001' }) } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: vesselDetails({ vesselName: 'atlantic Hope', imoNumber: '9000002' }) } }),
      log.record({ type: 'VesselCreated', data: { vesselId: C, details: vesselDetails({ vesselName: 'Baltic Trader', imoNumber: '9000003' }) } }),
    ]);
    expect((await listVessels(t.db, ALL_VESSELS)).map((v) => v.vesselName)).toEqual(['atlantic Hope', 'Baltic Trader', 'Ocean Pearl']);
  });

  it('finds a live vessel by IMO number', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails({ imoNumber: 'IMO9074729' }) } }),
    ]);
    expect((await findVesselByImo(t.db, 'IMO9074729'))?.id).toBe(A);
    expect(await findVesselByImo(t.db, '9999999')).toBeUndefined();
  });

  it('gives the same rows whether events arrive one per batch or all in one batch, and replaying changes nothing', async () => {
    const log = createFakeLog();
    const events = [
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }),
      log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ crewSizeCategory: 40 }) } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: vesselDetails({ vesselName: 'Atlantic Hope' }) } }),
      log.record({ type: 'VesselDeleted', data: { vesselId: B, vesselName: 'Atlantic Hope' } }),
      log.record({ type: 'VesselCreated', data: { vesselId: C, details: vesselDetails({ vesselName: 'Baltic Trader' }) } }),
      log.record({ type: 'VesselUpdated', data: { vesselId: C, details: vesselDetails({ vesselName: 'Baltic Trader II' }) } }),
    ];
    for (const event of events) await t.project([event]);
    const oneByOne = await snapshotReadModels(t.db);
    expect(oneByOne.vessels).toHaveLength(2);

    await resetReadModels(t.db);
    await t.project(events);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);

    // The same events again (a runner that crashed after its commit but before noticing):
    // checkpoints already past them, and the handlers alone are idempotent too.
    const { vesselsProjection } = await import('./project');
    await t.db.transaction().execute(async (trx) => {
      const { toProjectedEvent } = await import('../apply');
      await vesselsProjection.apply(trx, events.map((e) => toProjectedEvent(e)));
    });
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
  });
});

describe('medical chest certificate on the vessel', () => {
  it('shows the recorded expiry and issuer, keeps them through a form edit, and the fleet list shows the expiry', async () => {
    const log = createFakeLog();
    const certificate = { vesselId: A, vesselName: 'MV Nordic Star', expiryDate: '2027-01-15', certificateIssuer: 'Liberian Registry' };
    // Created and certified in one batch, then edited in the next.
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }),
      log.record({ type: 'CertificateRecorded', data: certificate }),
    ]);
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId: A, details: vesselDetails({ crewSizeCategory: 25 }) } })]);

    expect(await getVessel(t.db, A)).toMatchObject({
      crewSizeCategory: 25,
      medicalChestCertificateExpiry: '2027-01-15',
      certificateExpiry: '2027-01-15',
      certificateIssuer: 'Liberian Registry',
      // No file yet: certificate upload records one.
      medicalChestCertificatePath: null,
    });
    const { listFleetCompliance } = await import('../fleet-compliance/queries');
    expect((await listFleetCompliance(t.db, '2026-01-01', ALL_VESSELS)).find((v) => v.id === A)?.medicalChestCertificateExpiry).toBe('2027-01-15');
  });

  it('a newer certificate replaces the older one, and one with a file gets a content-addressed path', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }),
      log.record({ type: 'CertificateRecorded', data: { vesselId: A, vesselName: 'MV Nordic Star', expiryDate: '2026-01-01', certificateIssuer: 'Old' } }),
      log.record({
        type: 'CertificateRecorded',
        data: {
          vesselId: A,
          vesselName: 'MV Nordic Star',
          expiryDate: '2028-06-30',
          certificateIssuer: 'New',
          file: { sha256: 'ab'.repeat(32), fileName: 'cert.pdf', sizeBytes: 1234 },
        },
      }),
    ]);
    expect(await getVessel(t.db, A)).toMatchObject({
      certificateExpiry: '2028-06-30',
      certificateIssuer: 'New',
      medicalChestCertificatePath: `certificates/${'ab'.repeat(32)}`,
    });
  });
});

describe('the vessel medical profile (issue 3)', () => {
  const profile = (vessel: Awaited<ReturnType<typeof getVessel>>) =>
    vessel && { medicalCategory: vessel.medicalCategory, womenOnBoard: vessel.womenOnBoard, carriesDangerousGoods: vessel.carriesDangerousGoods };

  it('shows the category and flags a vessel was created with, and follows an edit, in the detail and the list', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails({ medicalCategory: 'B', womenOnBoard: true }) } }),
    ]);
    expect(profile(await getVessel(t.db, A))).toEqual({ medicalCategory: 'B', womenOnBoard: true, carriesDangerousGoods: false });

    await t.project([
      log.record({
        type: 'VesselUpdated',
        data: { vesselId: A, details: vesselDetails({ medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: true }) },
      }),
    ]);
    expect(profile(await getVessel(t.db, A))).toEqual({ medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: true });
    expect(profile((await listVessels(t.db, ALL_VESSELS))[0])).toEqual({ medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: true });
  });

  /** VesselCreated as recorded before the profile existed: the same version, without the fields. */
  function recordedBeforeTheProfile(log: ReturnType<typeof createFakeLog>) {
    const { medicalCategory: _c, womenOnBoard: _w, carriesDangerousGoods: _d, ...old } = vesselDetails({ medicalCategory: 'C', womenOnBoard: true });
    return log.record({ type: 'VesselCreated', data: { vesselId: A, details: old as never } });
  }

  it('shows a vessel recorded before the profile existed as category A, no women on board, no dangerous goods', async () => {
    await t.project([recordedBeforeTheProfile(createFakeLog())]);
    expect(profile(await getVessel(t.db, A))).toEqual({ medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false });
  });

  it('reads such an old event the same way when the runner takes it as stored (no re-validation)', async () => {
    const old = recordedBeforeTheProfile(createFakeLog());
    const { vesselsProjection } = await import('./project');
    const { toProjectedEvent } = await import('../apply');
    await t.db.transaction().execute((trx) => vesselsProjection.apply(trx, [toProjectedEvent(old)]));
    expect(profile(await getVessel(t.db, A))).toEqual({ medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false });
  });

  it('gives rows created before migration 0010 the defaults, as their events read', async () => {
    const { rows } = await sql<{ column_name: string; column_default: string; is_nullable: string }>`
      SELECT column_name, column_default, is_nullable FROM information_schema.columns
      WHERE table_name = 'vessels' AND column_name IN ('medical_category', 'women_on_board', 'carries_dangerous_goods')
      ORDER BY column_name`.execute(t.db);
    expect(rows).toEqual([
      { column_name: 'carries_dangerous_goods', column_default: 'false', is_nullable: 'NO' },
      { column_name: 'medical_category', column_default: "'A'::text", is_nullable: 'NO' },
      { column_name: 'women_on_board', column_default: 'false', is_nullable: 'NO' },
    ]);
  });
});
