import type { DomainEvent } from '@medchest/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { certificatesProjection } from './project';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_certificates');
});
beforeEach(async () => {
  await resetReadModels(t.db);
});
afterAll(async () => {
  await t?.close();
});

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'a0000000-0000-4000-8000-000000000002';
const recorded = (vesselId: string, expiryDate: string): DomainEvent => ({
  type: 'CertificateRecorded',
  data: { vesselId, vesselName: 'MV Nordic Star', expiryDate, certificateIssuer: 'Port Health' },
});
const expired = (vesselId: string, expiryDate: string): DomainEvent => ({
  type: 'CertificateExpired',
  data: { vesselId, vesselName: 'MV Nordic Star', expiryDate, certificateIssuer: 'Port Health', expiredOn: expiryDate },
});

describe('the certificates read model', () => {
  it('records each certificate, marks the one that expired, drops a deleted vessel\'s: the same rows however the events are batched', async () => {
    const log = createFakeLog();
    const events = [
      recorded(A, '2025-01-31'),
      expired(A, '2025-01-31'),
      recorded(A, '2026-01-31'),
      recorded(B, '2026-03-31'),
      expired(A, '2026-01-31'),
      recorded(A, '2027-01-31'),
      { type: 'VesselDeleted', data: { vesselId: B, vesselName: 'Baltic Trader' } } as DomainEvent,
    ].map((e) => log.record(e));
    const rows = () => t.db.selectFrom('certificates').select(['vessel_id', 'expiry_date', 'expired_on', 'stream_revision']).orderBy('stream_revision').execute();
    const project = (batch: typeof events) => t.project(batch, [certificatesProjection]);

    await project(events);
    const whole = await rows();
    expect(whole).toEqual([
      { vessel_id: A, expiry_date: '2025-01-31', expired_on: '2025-01-31', stream_revision: '0' },
      { vessel_id: A, expiry_date: '2026-01-31', expired_on: '2026-01-31', stream_revision: '2' },
      { vessel_id: A, expiry_date: '2027-01-31', expired_on: null, stream_revision: '4' },
    ]);
    for (let cut = 0; cut <= events.length; cut++) {
      await resetReadModels(t.db);
      for (const event of events.slice(0, cut)) await project([event]);
      await project(events.slice(cut));
      expect(await rows()).toEqual(whole);
    }
  });
});
