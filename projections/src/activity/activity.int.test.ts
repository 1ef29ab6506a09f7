import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { listActivities } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_activity');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const V = 'c0000000-0000-4000-8000-000000000001';
const ADMIN = 'c0000000-0000-4000-8000-0000000000aa';

describe('activity feed', () => {
  it('tells a vessel story newest first, naming the vessel even after it is deleted, and who did it', async () => {
    const log = createFakeLog();
    const by = { userId: ADMIN };
    const events = [
      log.record({
        type: 'UserRegistered',
        data: { userId: ADMIN, email: 'admin@medchest.example', firstName: 'Ada', lastName: 'Admin', role: 'admin', status: 'active', source: 'seed' },
      }),
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }, by),
      log.record({ type: 'VesselUpdated', data: { vesselId: V, details: vesselDetails({ vesselName: 'MV Nordic Dawn' }) } }, by),
      log.record({ type: 'VesselDeleted', data: { vesselId: V, vesselName: 'MV Nordic Dawn' } }, by),
    ];
    await t.project(events);

    const activities = await listActivities(t.db, { limit: 10 });
    expect(activities).toEqual([
      {
        id: events[3].id,
        activityType: 'vessel_deleted',
        description: 'Vessel MV Nordic Dawn removed from the fleet',
        createdAt: events[3].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Dawn' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: {},
      },
      {
        id: events[2].id,
        activityType: 'vessel_updated',
        description: 'Vessel MV Nordic Dawn details updated',
        createdAt: events[2].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Dawn' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: { imoNumber: '9074729' },
      },
      {
        id: events[1].id,
        activityType: 'vessel_created',
        description: 'Vessel MV Nordic Star added to the fleet',
        createdAt: events[1].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Star' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: { imoNumber: '9074729' },
      },
    ]);
  });

  it('shows no user for what the system did, honours the limit, and orders same-instant events by the log', async () => {
    // Every event at the same instant: the log order decides.
    const log = createFakeLog({ stepMs: 0 });
    const events = Array.from({ length: 5 }, (_, n) =>
      log.record({
        type: 'VesselCreated',
        data: { vesselId: `c0000000-0000-4000-8000-00000000010${n}`, details: vesselDetails({ vesselName: `Seeded ${n}` }) },
      }),
    );
    await t.project(events);
    const latest = await listActivities(t.db, { limit: 2 });
    expect(latest.map((a) => a.vessel?.vesselName)).toEqual(['Seeded 4', 'Seeded 3']);
    expect(latest[0].user).toBeNull();
    expect(await listActivities(t.db)).toHaveLength(5);
  });

  it('does not show IMO number claims and releases: they guard uniqueness, a user did nothing new', async () => {
    const log = createFakeLog();
    const imo = { imoNumber: '9074729', vesselId: V };
    await t.project([
      log.record({ type: 'VesselImoClaimed', data: imo }),
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }),
      log.record({ type: 'VesselDeleted', data: { vesselId: V, vesselName: 'MV Nordic Star' } }),
      log.record({ type: 'VesselImoReleased', data: imo }),
    ]);
    const activities = await listActivities(t.db, { limit: 10 });
    expect(activities.map((a) => a.activityType)).toEqual(['vessel_deleted', 'vessel_created']);
  });

  it('records an event once however often it is replayed', async () => {
    const log = createFakeLog();
    const event = log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } });
    await t.project([event]);
    const { activityProjection } = await import('./project');
    const { toProjectedEvent } = await import('../apply');
    await t.db.transaction().execute((trx) => activityProjection.apply(trx, [toProjectedEvent(event)]));
    expect(await listActivities(t.db)).toHaveLength(1);
  });
});

describe('certificate activity', () => {
  it('a recorded certificate shows as certificate_updated with its issuer and expiry date', async () => {
    const log = createFakeLog();
    const created = log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } });
    const recorded = log.record({
      type: 'CertificateRecorded',
      data: { vesselId: V, vesselName: 'MV Nordic Star', expiryDate: '2027-04-30', certificateIssuer: 'Bahamas Maritime Authority' },
    });
    await t.project([created, recorded]);
    const [latest] = await listActivities(t.db, { limit: 1 });
    expect(latest).toMatchObject({
      id: recorded.id,
      activityType: 'certificate_updated',
      description: 'Medical chest certificate recorded for MV Nordic Star (issued by Bahamas Maritime Authority)',
      vessel: { vesselName: 'MV Nordic Star' },
      metadata: { certificateIssuer: 'Bahamas Maritime Authority', expiryDate: '2027-04-30' },
    });
  });
});
