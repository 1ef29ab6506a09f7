import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelTestDb, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { listVesselHistory, listVesselStreams } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_vessel_history');
});
afterAll(async () => {
  await t?.close();
});

describe('vessel history read model', () => {
  it('keeps one entry per event naming the vessel, with the values each changed', async () => {
    const log = createFakeLog();
    const vesselId = randomUUID();
    const other = randomUUID();
    const batchId = randomUUID();
    const events = [
      log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } }),
      log.record({ type: 'VesselCreated', data: { vesselId: other, details: vesselDetails({ vesselName: 'Other', imoNumber: 'OTHER01' }) } }),
      log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ crewSizeCategory: 30 }) } }),
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId: 'IMGS01', batchNumber: 2, quantity: 10, expiryDate: '2030-01-01' } }),
      log.record({ type: 'BatchAdjusted', data: { batchId, vesselId, scaleId: 'IMGS01', previousQuantity: 10, newQuantity: 7, reason: 'usage' } }),
      log.record({ type: 'BatchRemoved', data: { batchId, vesselId, scaleId: 'IMGS01' } }),
    ];
    // In two batches: the second sees the state the first left.
    await t.project(events.slice(0, 4));
    await t.project(events.slice(4));
    const { entries, total } = await listVesselHistory(t.db, vesselId);
    expect(total).toBe(5);
    expect(entries.map((e) => [e.type, e.summary, e.changes])).toEqual([
      ['BatchRemoved', 'IMGS01 batch 2 taken off the record', [{ field: 'IMGS01 batch 2 quantity', before: 7, after: null }]],
      ['BatchAdjusted', 'IMGS01 batch 2: Used on board', [{ field: 'IMGS01 batch 2 quantity', before: 10, after: 7 }]],
      [
        'BatchAdded',
        'IMGS01 batch 2: 10 on board, expiring 2030-01-01',
        [
          { field: 'IMGS01 batch 2 quantity', before: null, after: 10 },
          { field: 'IMGS01 batch 2 expiry', before: null, after: '2030-01-01' },
        ],
      ],
      ['VesselUpdated', 'Changed: Crew size', [{ field: 'Crew size', before: 22, after: 30 }]],
      ['VesselCreated', 'Vessel MV Nordic Star added to the fleet', expect.arrayContaining([{ field: 'Vessel name', before: null, after: 'MV Nordic Star' }])],
    ]);
    expect(await listVesselStreams(t.db, vesselId)).toEqual([`inventory-${vesselId}`, `vessel-${vesselId}`]);
  });
});
