import type { DomainEvent } from '@medchest/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { listInventoryImports } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_inventory_imports');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = 'd1000000-0000-4000-8000-00000000000a';
const B = 'd1000000-0000-4000-8000-00000000000b';
const USER = 'd1000000-0000-4000-8000-0000000000aa';
const importId = (n: number) => `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Imported = Extract<DomainEvent, { type: 'InventoryImported' }>['data'];
const imported = (n: number, overrides: Partial<Imported> = {}): DomainEvent => ({
  type: 'InventoryImported',
  data: { vesselId: A, importId: importId(n), fileName: `chest-${n}.csv`, source: 'csv', successCount: 10, errorCount: 0, errors: [], ...overrides },
});

describe('inventory imports', () => {
  it('records each import of a vessel with its refused rows and who sent it, newest first', async () => {
    const log = createFakeLog();
    const csv = log.record(
      imported(1, {
        successCount: 2,
        errorCount: 2,
        errors: ['Row 3: unknown scale id IMGS999', 'Row 5 (IMGS01): quantity must not be negative'],
      }),
      { userId: USER },
    );
    const manual = log.record(imported(2, { fileName: 'Manual Input 2025-01-06', source: 'manual', successCount: 0, errorCount: 1, errors: ['Row 1: x'] }));
    await t.project([csv, manual, log.record(imported(3, { vesselId: B }))]);

    expect(await listInventoryImports(t.db, A)).toEqual([
      {
        id: importId(2),
        vesselId: A,
        fileName: 'Manual Input 2025-01-06',
        source: 'manual',
        successCount: 0,
        errorCount: 1,
        errors: ['Row 1: x'],
        createdAt: manual.metadata.occurredAt,
        userId: null,
      },
      {
        id: importId(1),
        vesselId: A,
        fileName: 'chest-1.csv',
        source: 'csv',
        successCount: 2,
        errorCount: 2,
        errors: ['Row 3: unknown scale id IMGS999', 'Row 5 (IMGS01): quantity must not be negative'],
        createdAt: csv.metadata.occurredAt,
        userId: USER,
      },
    ]);
    expect((await listInventoryImports(t.db, B)).map((i) => i.id)).toEqual([importId(3)]);
  });

  it('honours the limit, and records an import once however often it is replayed', async () => {
    const log = createFakeLog();
    const events = [1, 2, 3, 4].map((n) => log.record(imported(n)));
    await t.project(events);
    const { inventoryImportsProjection } = await import('./project');
    const { toProjectedEvent } = await import('../apply');
    await t.db.transaction().execute((trx) => inventoryImportsProjection.apply(trx, events.map((e) => toProjectedEvent(e))));
    expect((await listInventoryImports(t.db, A, { limit: 2 })).map((i) => i.id)).toEqual([importId(4), importId(3)]);
    expect(await listInventoryImports(t.db, A)).toHaveLength(4);
    expect(await listInventoryImports(t.db, A, { limit: 0 })).toHaveLength(1);
  });

  it('keeps the imports of a deleted vessel: they are part of the audit trail', async () => {
    const log = createFakeLog();
    await t.project([log.record(imported(1)), log.record({ type: 'VesselDeleted', data: { vesselId: A, vesselName: 'MV Nordic Star' } })]);
    expect(await listInventoryImports(t.db, A)).toHaveLength(1);
  });
});
