import { MAX_IMPORT_ROWS } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let manager: string;
let admin: string;
let captain: string;
let pending: string;

beforeAll(async () => {
  t = await startTestApp('api_inventory');
  ({ manager, admin, captain, pending } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

const send: TestApp['send'] = (...args) => t.send(...args);

const createVessel = () => t.createVessel(manager);

const inventoryEvents = async (vesselId: string) => (await t.allEvents()).filter((e) => e.streamId === `inventory-${vesselId}`);

type Batch = {
  id: string;
  scaleId: string;
  productName: string | null;
  quantityOnBoard: number;
  batchNumber: number;
  expiryDate: string | null;
  conditionNotes: string | null;
};

const UNKNOWN_ID = '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11';

describe('bulk import', () => {
  it('imports good rows: answers the counts and appends one BatchAdded per row, then one InventoryImported', async () => {
    const vesselId = await createVessel();
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [
        { scaleId: 'IMGS01', productName: 'Aspirin 300', quantityOnBoard: 50, expiryDate: '2027-06-30', conditionNotes: 'Sealed', batchNumber: 1 },
        { scaleId: 'imgs02', quantityOnBoard: 70, batchNumber: 1 },
        { scaleId: 'IMGS02', quantityOnBoard: 5, batchNumber: 2, expiryDate: '2026-01-31' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ successCount: 3, errorCount: 0, errors: [] });

    const events = await inventoryEvents(vesselId);
    expect(events.map((e) => e.type)).toEqual(['BatchAdded', 'BatchAdded', 'BatchAdded', 'InventoryImported']);
    expect(events[0].data).toMatchObject({ vesselId, scaleId: 'IMGS01', quantity: 50, productName: 'Aspirin 300', expiryDate: '2027-06-30', conditionNotes: 'Sealed', batchNumber: 1 });
    // The scale's own spelling is stored.
    expect(events[1].data).toMatchObject({ scaleId: 'IMGS02', quantity: 70 });
    expect(events[3].data).toMatchObject({ vesselId, fileName: 'chest.csv', source: 'csv', successCount: 3, errorCount: 0, errors: [] });
    const me = (await send('GET', '/api/auth/user', manager)).json() as { id: string };
    expect(events[0].metadata.userId).toBe(me.id);
    const last = events[events.length - 1].position;
    expect(response.headers['x-medchest-log-position']).toBe(`${last.commit}.${last.event}`);
  });

  it('imports the good rows of a mixed import and lists why each bad row was refused', async () => {
    const vesselId = await createVessel();
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, admin, {
      fileName: 'Manual Input 2025-03-01',
      items: [
        { scaleId: 'IMGS01', quantityOnBoard: 10, batchNumber: 1 },
        { scaleId: 'NOPE99', quantityOnBoard: 10, batchNumber: 1 },
        { scaleId: 'IMGS03', quantityOnBoard: -5, batchNumber: 1 },
        { scaleId: 'IMGS04', quantityOnBoard: 3, batchNumber: 1, expiryDate: '2025-02-30' },
        { scaleId: 'IMGS03', quantityOnBoard: 4, batchNumber: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as { successCount: number; errorCount: number; errors: string[] };
    expect(result.successCount).toBe(2);
    expect(result.errorCount).toBe(3);
    expect(result.errors).toHaveLength(3);
    expect(result.errors[0]).toMatch(/^Row 2 \(NOPE99\): unknown scale id/);
    expect(result.errors[1]).toMatch(/^Row 3 \(IMGS03\): quantity must not be negative/);
    expect(result.errors[2]).toMatch(/^Row 4 \(IMGS04\): expiry date must be a real date/);

    const events = await inventoryEvents(vesselId);
    expect(events.map((e) => e.type)).toEqual(['BatchAdded', 'BatchAdded', 'InventoryImported']);
    expect(events.slice(0, 2).map((e) => (e.data as { scaleId: string }).scaleId)).toEqual(['IMGS01', 'IMGS03']);
    expect(events[2].data).toMatchObject({ source: 'manual', successCount: 2, errorCount: 3, errors: result.errors });
  });

  it('records an import whose every row is refused, adding no batch', async () => {
    const vesselId = await createVessel();
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'bad.csv',
      items: [{ scaleId: 'X1', quantityOnBoard: 1, batchNumber: 1 }, 'not a row'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ successCount: 0, errorCount: 2 });
    expect((await inventoryEvents(vesselId)).map((e) => e.type)).toEqual(['InventoryImported']);
  });

  it.each([
    ['no file name', { items: [{ scaleId: 'IMGS01', quantityOnBoard: 1, batchNumber: 1 }] }, 'File name is required'],
    ['items not a list', { fileName: 'chest.csv', items: 'IMGS01' }, 'Items must be a list'],
    ['an empty CSV', { fileName: 'chest.csv', items: [] }, 'No valid inventory items found in CSV'],
    ['an empty manual input', { fileName: 'Manual Input 2025-03-01', items: [] }, 'No Items: Please add quantities for at least one item'],
    ['too many rows', { fileName: 'chest.csv', items: Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({})) }, `An import may hold at most ${MAX_IMPORT_ROWS} rows`],
    ['a body that is not an object', [1, 2, 3], 'File name is required'],
  ])('answers 400 for %s and appends nothing', async (_name, body, message) => {
    const vesselId = await createVessel();
    const before = (await t.allEvents()).length;
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.allEvents()).length).toBe(before);
  });

  it.each([
    ['an unknown vessel', UNKNOWN_ID],
    ['a non-UUID id', 'not-a-uuid'],
  ])('answers 404 Vessel not found for %s and appends nothing', async (_name, id) => {
    const before = (await t.allEvents()).length;
    const response = await send('POST', `/api/vessels/${id}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [{ scaleId: 'IMGS01', quantityOnBoard: 1, batchNumber: 1 }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Vessel not found' });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('answers 404 for a deleted vessel and appends nothing', async () => {
    const vesselId = await createVessel();
    expect((await send('DELETE', `/api/vessels/${vesselId}`, manager)).statusCode).toBe(200);
    const before = (await t.allEvents()).length;
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [{ scaleId: 'IMGS01', quantityOnBoard: 1, batchNumber: 1 }],
    });
    expect(response.statusCode).toBe(404);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('imports a CSV-sized file of 1,000 rows', async () => {
    const vesselId = await createVessel();
    const ids = ['IMGS01', 'IMGS02', 'IMGS03', 'IMGS04'];
    const items = Array.from({ length: 1000 }, (_, i) => ({
      scaleId: ids[i % ids.length],
      productName: `Product ${i}`,
      quantityOnBoard: (i % 50) + 1,
      expiryDate: '2027-12-31',
      conditionNotes: 'Stored below 25 °C, original packaging',
      batchNumber: Math.floor(i / ids.length) + 1,
    }));
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, { fileName: 'whole-chest.csv', items });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ successCount: 1000, errorCount: 0, errors: [] });
    const events = await inventoryEvents(vesselId);
    expect(events.filter((e) => e.type === 'BatchAdded')).toHaveLength(1000);
    expect(events.filter((e) => e.type === 'InventoryImported')).toHaveLength(1);
    const list = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as Batch[];
    expect(list).toHaveLength(1000);
  });
});

describe('batch quantity edit', () => {
  async function vesselWithBatch() {
    const vesselId = await createVessel();
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [{ scaleId: 'IMGS01', productName: 'Aspirin 300', quantityOnBoard: 50, expiryDate: '2027-06-30', batchNumber: 2 }],
    });
    expect(response.statusCode).toBe(200);
    const [batch] = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as Batch[];
    return { vesselId, batchId: batch.id };
  }

  it('sets the quantity: answers the updated batch and records BatchAdjusted as a count', async () => {
    const { vesselId, batchId } = await vesselWithBatch();
    const response = await send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, manager, { quantityOnBoard: 42 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: batchId,
      scaleId: 'IMGS01',
      productName: 'Aspirin 300',
      quantityOnBoard: 42,
      batchNumber: 2,
      expiryDate: '2027-06-30',
      conditionNotes: null,
      // The stream revision of this change (BatchAdded 0, InventoryImported 1, BatchAdjusted 2).
      version: 2,
    });
    const events = await inventoryEvents(vesselId);
    expect(events[events.length - 1]).toMatchObject({
      type: 'BatchAdjusted',
      data: { batchId, vesselId, scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 42, reason: 'count' },
    });
    const list = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as Batch[];
    expect(list.find((b) => b.id === batchId)?.quantityOnBoard).toBe(42);
  });

  it('accepts 0 (all used) and records nothing when the quantity is unchanged', async () => {
    const { vesselId, batchId } = await vesselWithBatch();
    expect((await send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, admin, { quantityOnBoard: 0 })).json()).toMatchObject({ quantityOnBoard: 0 });
    const before = (await t.allEvents()).length;
    const again = await send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, admin, { quantityOnBoard: '0' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: batchId, quantityOnBoard: 0 });
    expect((await t.allEvents()).length).toBe(before);
  });

  it.each([
    [{ quantityOnBoard: -1 }, 'Quantity must be at least 0'],
    [{ quantityOnBoard: 2.5 }, 'Quantity must be a whole number'],
    [{}, 'Quantity is required'],
    [{ quantityOnBoard: 5, reason: 'lost' }, 'Please select a valid reason'],
  ])('answers 400 for %j and appends nothing', async (body, message) => {
    const { vesselId, batchId } = await vesselWithBatch();
    const before = (await t.allEvents()).length;
    const response = await send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, manager, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('answers 404 Batch not found for an unknown batch, a non-UUID batch id, or a batch of another vessel', async () => {
    const { vesselId, batchId } = await vesselWithBatch();
    const other = await createVessel();
    const before = (await t.allEvents()).length;
    for (const url of [
      `/api/vessels/${vesselId}/inventory/${UNKNOWN_ID}`,
      `/api/vessels/${vesselId}/inventory/not-a-uuid`,
      `/api/vessels/${other}/inventory/${batchId}`,
    ]) {
      const response = await send('PATCH', url, manager, { quantityOnBoard: 3 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Batch not found' });
    }
    expect((await t.allEvents()).length).toBe(before);
  });

  it('answers 404 Vessel not found for an unknown or non-UUID vessel', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await send('PATCH', `/api/vessels/${id}/inventory/${UNKNOWN_ID}`, manager, { quantityOnBoard: 3 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Vessel not found' });
    }
  });
});

describe('vessel inventory list', () => {
  it('answers the batches of every import from the read model, by scale id then batch number', async () => {
    const vesselId = await createVessel();
    expect((await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json()).toEqual([]);
    await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'first.csv',
      items: [{ scaleId: 'IMGS03', quantityOnBoard: 10, batchNumber: 1, conditionNotes: 'Fridge' }],
    });
    await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'second.csv',
      items: [{ scaleId: 'IMGS01', productName: 'Aspirin', quantityOnBoard: 20, batchNumber: 1, expiryDate: '2026-05-01' }],
    });
    const response = await send('GET', `/api/vessels/${vesselId}/inventory`, admin);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Batch[];
    expect(list).toEqual([
      { id: expect.any(String), scaleId: 'IMGS01', productName: 'Aspirin', quantityOnBoard: 20, batchNumber: 1, expiryDate: '2026-05-01', conditionNotes: null, version: 2 },
      { id: expect.any(String), scaleId: 'IMGS03', productName: null, quantityOnBoard: 10, batchNumber: 1, expiryDate: null, conditionNotes: 'Fridge', version: 0 },
    ]);
    expect(list[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 Vessel not found for an unknown or non-UUID vessel', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await send('GET', `/api/vessels/${id}/inventory`, manager);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Vessel not found' });
    }
  });
});

describe('inventory access', () => {
  const routes = [
    ['GET', `/api/vessels/${UNKNOWN_ID}/inventory`],
    ['GET', `/api/vessels/${UNKNOWN_ID}/hierarchical-inventory`],
    ['POST', `/api/vessels/${UNKNOWN_ID}/inventory/bulk-import`],
    ['PATCH', `/api/vessels/${UNKNOWN_ID}/inventory/${UNKNOWN_ID}`],
  ] as const;
  const body = (method: string) =>
    method === 'POST'
      ? { fileName: 'chest.csv', items: [{ scaleId: 'IMGS01', quantityOnBoard: 1, batchNumber: 1 }] }
      : method === 'PATCH'
        ? { quantityOnBoard: 1 }
        : undefined;

  it.each(routes)('%s %s answers 401 {"message":"Unauthorized"} when logged out', async (method, url) => {
    const response = await send(method, url, undefined, body(method));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each(routes)('%s %s answers 404 to a captain of no vessel (not theirs: as if absent) and 403 to a pending account', async (method, url) => {
    for (const [cookie, status] of [[captain, 404], [pending, 403]] as const) {
      const response = await send(method, url, cookie, body(method));
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('a captain cannot import into or edit a real vessel (404: not theirs), nor a pending account (403); nothing appended', async () => {
    const vesselId = await createVessel();
    await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [{ scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1 }],
    });
    const [batch] = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as Batch[];
    const before = (await t.allEvents()).length;
    for (const [cookie, status] of [[captain, 404], [pending, 403]] as const) {
      expect((await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, cookie, body('POST'))).statusCode).toBe(status);
      expect((await send('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, cookie, { quantityOnBoard: 1 })).statusCode).toBe(status);
    }
    expect((await t.allEvents()).length).toBe(before);
  });

  it("a captain keeps their own vessel's chest, and gets 404 with nothing appended on another vessel", async () => {
    const own = await createVessel();
    const other = await createVessel();
    const skipper = await t.captainOf(own);
    await send('POST', `/api/vessels/${other}/inventory/bulk-import`, manager, { fileName: 'chest.csv', items: [{ scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1 }] });
    const [otherBatch] = (await send('GET', `/api/vessels/${other}/inventory`, manager)).json() as Batch[];

    const imported = await send('POST', `/api/vessels/${own}/inventory/bulk-import`, skipper, {
      fileName: 'Manual Input 2026-11-21',
      items: [{ scaleId: 'IMGS01', quantityOnBoard: 12, batchNumber: 1 }],
    });
    expect(imported.statusCode).toBe(200);
    const [ownBatch] = (await send('GET', `/api/vessels/${own}/inventory`, skipper)).json() as Batch[];
    expect((await send('PATCH', `/api/vessels/${own}/inventory/${ownBatch.id}`, skipper, { quantityOnBoard: 10 })).json()).toMatchObject({ quantityOnBoard: 10 });
    expect((await send('GET', `/api/vessels/${own}/volume-requirements`, skipper)).statusCode).toBe(200);
    expect((await send('GET', `/api/vessels/${own}/hierarchical-inventory`, skipper)).statusCode).toBe(200);

    const before = (await t.allEvents()).length;
    for (const [method, url, payload] of [
      ['GET', `/api/vessels/${other}/inventory`, undefined],
      ['GET', `/api/vessels/${other}/volume-requirements`, undefined],
      ['GET', `/api/vessels/${other}/hierarchical-inventory`, undefined],
      ['POST', `/api/vessels/${other}/inventory/bulk-import`, body('POST')],
      ['PATCH', `/api/vessels/${other}/inventory/${otherBatch.id}`, { quantityOnBoard: 0 }],
      // Their own vessel in the URL does not open another vessel's batch.
      ['PATCH', `/api/vessels/${own}/inventory/${otherBatch.id}`, { quantityOnBoard: 0 }],
    ] as const) {
      const response = await send(method, url, skipper, payload);
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect((await t.allEvents()).length).toBe(before);
    expect((await send('GET', `/api/vessels/${other}/inventory`, manager)).json()).toMatchObject([{ quantityOnBoard: 5 }]);
  });
});

describe('hierarchical inventory', () => {
  it('answers the chest by scale section in the scale order, each item with its batches, and the scale it follows', async () => {
    const vesselId = await createVessel();
    await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [
        { scaleId: 'IMGS01', quantityOnBoard: 3, batchNumber: 1, expiryDate: '2031-01-01' },
        { scaleId: 'IMGS01', quantityOnBoard: 4, batchNumber: 2, expiryDate: '2032-01-01' },
        { scaleId: 'IMGS1.1', quantityOnBoard: 1, batchNumber: 1 },
      ],
    });
    const response = await send('GET', `/api/vessels/${vesselId}/hierarchical-inventory`, admin);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      vesselId: string;
      scale: { id: string; name: string };
      sections: { section: string; items: { scaleId: string; actualQuantity: number; batches: Batch[] }[] }[];
      unlistedBatches: Batch[];
    };
    const rows = (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, admin)).json() as { scaleId: string; section: string }[];
    expect(body.vesselId).toBe(vesselId);
    expect(body.scale.name).toBe('WHO IMGS 3rd edition');
    // Flattened, the sections are the volume requirement rows in their order.
    expect(body.sections.flatMap((s) => s.items.map((i) => i.scaleId))).toEqual(rows.map((r) => r.scaleId));
    expect(body.sections.map((s) => s.section)).toEqual([...new Set(rows.map((r) => r.section))]);
    const item = (id: string) => body.sections.flatMap((s) => s.items).find((i) => i.scaleId === id)!;
    expect(item('IMGS01')).toMatchObject({ actualQuantity: 7 });
    expect(item('IMGS01').batches.map((b) => b.batchNumber)).toEqual([1, 2]);
    expect(item('IMGS1.1').batches).toHaveLength(1);
    expect(item('IMGS02').batches).toEqual([]);
    expect(body.unlistedBatches).toEqual([]);
  });

  it('answers 404 for an unknown vessel and for a malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await send('GET', `/api/vessels/${id}/hierarchical-inventory`, manager);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Vessel not found' });
    }
  });
});
