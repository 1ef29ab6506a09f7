import { currentEventVersion, inventoryStreamId, isoToday, vesselStreamId, type DomainEvent } from '@medchest/domain';
import { createMedicalChestProjection, createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { startWorkers } from '../startWorkers';
import { createWorkersTestEnvironment, waitFor, type WorkersTestEnvironment } from '../testing/environment';
import { EXPIRY_SCAN_PATTERN, EXPIRY_SCAN_QUEUE, EXPIRY_SCAN_SCHEDULER } from './queue';

let env: WorkersTestEnvironment;
let db: ReturnType<typeof createReadModelDb>;
beforeAll(async () => {
  env = await createWorkersTestEnvironment('expiry');
  db = createReadModelDb(env.databaseUrl, { maxConnections: 4 });
  await migrateReadModels(db);
});
afterAll(async () => {
  await db?.destroy();
  await env?.cleanup();
});

const VESSEL = randomUUID();
const append = (streamId: string, event: DomainEvent) =>
  env.store.appendToStream(
    streamId,
    [{ type: event.type, version: currentEventVersion(event.type), data: event.data, metadata: { userId: null, correlationId: 'test', occurredAt: '2020-01-01T10:00:00.000Z' } }],
    { expected: 'any' },
  );

describe('the daily expiry scan', () => {
  it('is scheduled once, and at start evaluates again the chests whose day has passed', async () => {
    await append(vesselStreamId(VESSEL), {
      type: 'VesselCreated',
      data: {
        vesselId: VESSEL,
        details: { vesselName: 'Scan Test', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 12, medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false },
      },
    });
    const { position } = await append(inventoryStreamId(VESSEL), {
      type: 'BatchAdded',
      data: { batchId: randomUUID(), vesselId: VESSEL, scaleId: 'IMGS01', batchNumber: 1, quantity: 50, expiryDate: '2020-06-30' },
    });
    // The chest as evaluated back on 2020-01-01: the batch counted then, and has long expired since.
    const runner = createProjectionRunner({ db, store: env.store, projections: [createMedicalChestProjection({ today: () => '2020-01-01' })], onError: () => {} });
    await runner.start();
    expect(await runner.waitFor(position, 5000)).toBe(true);
    await runner.stop();
    const item = () => db.selectFrom('volume_requirements').select(['actual_quantity', 'compliance_status']).where('vessel_id', '=', VESSEL).where('scale_id', '=', 'IMGS01').executeTakeFirstOrThrow();
    expect(await item()).toEqual({ actual_quantity: 50, compliance_status: 'compliant' });
    expect(await db.selectFrom('chest_vessels').select(['evaluated_on', 'next_change_on']).executeTakeFirst()).toEqual({ evaluated_on: '2020-01-01', next_change_on: '2020-05-01' });

    const workers = await startWorkers({ store: env.store, databaseUrl: env.databaseUrl, redisUrl: env.redisUrl, queuePrefix: env.newQueuePrefix(), readModels: db, log: silentLogger });
    try {
      const today = isoToday();
      await waitFor('the chest to be evaluated for today', async () => (await db.selectFrom('chest_vessels').select('evaluated_on').executeTakeFirst())?.evaluated_on === today);
      expect(await item()).toEqual({ actual_quantity: 0, compliance_status: 'critical' });
      expect(await db.selectFrom('chest_vessels').select('next_change_on').executeTakeFirst()).toEqual({ next_change_on: null });

      const schedulers = await workers.queue(EXPIRY_SCAN_QUEUE).getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.pattern, s.tz])).toEqual([[EXPIRY_SCAN_SCHEDULER, EXPIRY_SCAN_PATTERN, 'UTC']]);
    } finally {
      await workers.stop();
    }
  });
});
