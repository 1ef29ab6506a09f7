import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SHIPPED_SCALE_METADATA, type ScaleProvenanceView } from '@medchest/domain';
import { loadShippedScale, SHIPPED_SCALE_CSV_URL } from '@medchest/domain/scale/loadShipped.node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { pinnedClock } from '../testing/pinnedClock';

/**
 * Scales over HTTP: an admin's import, the list, a vessel's scale and its assignment, and the
 * vessel's requirements following the assignment today and "as of" a day before it. The app's
 * clock is pinned (commands are stamped with it) on days after the real today, so every vessel
 * (created on the real clock) exists by then.
 */
const { DAY1, DAY2, addDays, now, setDay } = pinnedClock();

let t: TestApp;
let manager: string;
let admin: string;
let captain: string;
let pending: string;

beforeAll(async () => {
  t = await startTestApp('api_scales', { now });
  ({ manager, admin, captain, pending } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => setDay(DAY1));

const send: TestApp['send'] = (...args) => t.send(...args);

const eventCount = async () => (await t.allEvents()).length;

/** A small scale in the shipped file's columns: its header and a few of its rows, ids renamed. */
const shippedLines = readFileSync(SHIPPED_SCALE_CSV_URL, 'utf8').trimEnd().split('\n');
function smallScaleCsv(prefix: string, rows = [1, 2, 3]): string {
  return [shippedLines[0], ...rows.map((n) => shippedLines[n].replace(/^IMGS/, `${prefix}`))].join('\n');
}

let scaleCount = 0;
function scaleBody(change: Record<string, unknown> = {}) {
  scaleCount += 1;
  return {
    fileName: `flag-${scaleCount}.csv`,
    csv: smallScaleCsv(`F${scaleCount}-`),
    name: `Flag State Scale ${scaleCount}`,
    source: `Maritime Authority circular ${scaleCount}/2024`,
    effectiveDate: '2024-07-01',
    ...change,
  };
}

type ScaleAnswer = { id: string; name: string; source: string; effectiveDate: string; itemCount: number | null; importedAt: string | null };

async function importScale(body = scaleBody()): Promise<ScaleAnswer> {
  const response = await send('POST', '/api/admin/scales', admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ScaleAnswer;
}

const createVessel = () => t.createVessel(manager);

const UNKNOWN_ID = '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11';
const shipped = loadShippedScale();
const SHIPPED = { id: SHIPPED_SCALE_METADATA.id, name: SHIPPED_SCALE_METADATA.name, source: SHIPPED_SCALE_METADATA.source, effectiveDate: SHIPPED_SCALE_METADATA.effectiveDate };

describe('POST /api/admin/scales', () => {
  it('imports a CSV scale: 201 with its metadata and item count, one ScaleImported with the file hash', async () => {
    const body = scaleBody({ name: 'Panama Flag Scale', effectiveDate: '2024-03-01' });
    const before = await eventCount();
    const response = await send('POST', '/api/admin/scales', admin, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: 'panama-flag-scale-2024-03-01',
      name: 'Panama Flag Scale',
      source: body.source,
      effectiveDate: '2024-03-01',
      itemCount: 3,
      importedAt: now().toISOString(),
    });

    const events = (await t.allEvents()).slice(before);
    expect(events.map((e) => [e.streamId, e.type])).toEqual([['scale-panama-flag-scale-2024-03-01', 'ScaleImported']]);
    expect(events[0].data).toMatchObject({
      scaleId: 'panama-flag-scale-2024-03-01',
      itemCount: 3,
      csvSha256: createHash('sha256').update(body.csv, 'utf8').digest('hex'),
    });
    const items = (events[0].data as { items: { id: string; description: string }[] }).items;
    expect(items.map((i) => [i.id, i.description])).toEqual(shipped.items.slice(0, 3).map((i) => [i.id.replace(/^IMGS/, 'F1-'), i.description]));
    expect(response.headers['x-medchest-log-position']).toBe(`${events[0].position.commit}.${events[0].position.event}`);
  });

  it('takes the id the admin gives, lower-cased', async () => {
    expect((await importScale(scaleBody({ scaleId: 'LIBERIA-2025' }))).id).toBe('liberia-2025');
  });

  it('refuses the same id a second time with 409 and appends nothing', async () => {
    const first = await importScale();
    const before = await eventCount();
    const again = await send('POST', '/api/admin/scales', admin, scaleBody({ scaleId: first.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'A scale with this id already exists' });
    const shippedId = await send('POST', '/api/admin/scales', admin, scaleBody({ scaleId: SHIPPED_SCALE_METADATA.id }));
    expect(shippedId.statusCode).toBe(409);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['no name', { name: '' }, { name: 'Name is required' }],
    ['no source', { source: '  ' }, { source: 'Source is required' }],
    ['an impossible effective date', { effectiveDate: '2024-02-30' }, { effectiveDate: 'Please enter a valid effective date' }],
    ['a file that is not a .csv', { fileName: 'scale.xlsx' }, { fileName: 'Invalid File: Please upload a CSV file' }],
    ['no file name', { fileName: undefined }, { fileName: 'Please choose a CSV file' }],
    ['an id that is not a slug', { scaleId: 'flag state 2024' }, { scaleId: 'Scale id must be lower-case letters, digits and single hyphens' }],
  ])('answers 400 for %s, with the field message, and appends nothing', async (_name, change, fieldErrors) => {
    const before = await eventCount();
    const response = await send('POST', '/api/admin/scales', admin, scaleBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors });
    expect(await eventCount()).toBe(before);
  });

  it('answers 400 for a file with bad rows, listing every problem, and appends nothing', async () => {
    const csv = [
      shippedLines[0],
      shippedLines[1],
      shippedLines[2].replace(',70+,', ',lots,'),
      shippedLines[3].replace(',medicine,', ',potion,'),
    ].join('\n');
    const before = await eventCount();
    const response = await send('POST', '/api/admin/scales', admin, scaleBody({ csv }));
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; fieldErrors: Record<string, string>; errors: { line: number; itemId: string; column: string; message: string }[] };
    expect(body.message).toBe('The scale file has 2 problems; nothing was imported');
    expect(body.fieldErrors).toEqual({ csv: body.message });
    expect(body.errors.map((e) => [e.line, e.itemId, e.column])).toEqual([
      [3, 'IMGS02', 'qty_cat_a'],
      [4, 'IMGS03', 'kind'],
    ]);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['an empty file', '', 'The scale file is empty'],
    ['a file without the scale columns', 'scaleId,quantityOnBoard\nIMGS01,5\n', 'Missing required columns'],
  ])('answers 400 for %s and appends nothing', async (_name, csv, message) => {
    const before = await eventCount();
    const response = await send('POST', '/api/admin/scales', admin, scaleBody({ csv }));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errors: { message: string }[] }).errors[0].message).toContain(message);
    expect(await eventCount()).toBe(before);
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/scales', headers: { cookie: admin, 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { name: 'Name is required' } });
  });

  it('is for admins only: 401 without a session, 403 for a fleet manager, a captain and a pending account', async () => {
    const before = await eventCount();
    expect((await send('POST', '/api/admin/scales', undefined, scaleBody())).statusCode).toBe(401);
    for (const cookie of [manager, captain, pending]) {
      expect((await send('POST', '/api/admin/scales', cookie, scaleBody())).statusCode).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('GET /api/scales', () => {
  it('lists the shipped scale first, then the imported ones newest first, with their counts', async () => {
    setDay(addDays(DAY1, 1));
    const older = await importScale();
    setDay(addDays(DAY1, 2));
    const newer = await importScale();
    const response = await send('GET', '/api/scales', manager);
    expect(response.statusCode).toBe(200);
    const list = response.json() as ScaleAnswer[];
    expect(list[0]).toEqual({ ...SHIPPED, itemCount: shipped.items.length, importedAt: null });
    const ids = list.map((s) => s.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((s) => s.id === newer.id)).toEqual(newer);
    expect((await send('GET', '/api/scales', admin)).statusCode).toBe(200);
  });

  it('is for fleet roles: 401 without a session, 403 for a captain and a pending account', async () => {
    expect((await send('GET', '/api/scales')).statusCode).toBe(401);
    expect((await send('GET', '/api/scales', captain)).statusCode).toBe(403);
    expect((await send('GET', '/api/scales', pending)).statusCode).toBe(403);
  });
});

describe('GET /api/scales/{id}: the scale page', () => {
  it("lists the shipped scale's sources with their confidence and, per item, which source backs which figure", async () => {
    const response = await send('GET', `/api/scales/${SHIPPED_SCALE_METADATA.id}`, manager);
    expect(response.statusCode).toBe(200);
    const page = response.json() as ScaleProvenanceView;
    expect(page).toMatchObject({ id: SHIPPED.id, name: SHIPPED.name });
    expect(page.sources.map((s) => s.confidence)).toContain('Low');
    expect(page.items).toHaveLength(shipped.items.length);
    const known = new Set(page.sources.map((s) => s.id));
    for (const item of page.items) for (const figure of item.figures) if (figure.sourceId) expect(known).toContain(figure.sourceId);
    // Written for a customer: no repository names or paths anywhere on the page.
    expect(response.body).not.toMatch(/github|rajgupta|src\/lib|\.ts\b|\.md\b|\.json\b|domain\/data/i);
    const aspirin = page.items.find((i) => i.id === 'IMGS01');
    expect(aspirin?.figures).toEqual([
      { figure: 'Name and form', sourceId: 'who-imgs3' },
      { figure: 'Quantities for categories A, B and C', value: 'A: 50 tablet · B: 50 tablet · C: not carried', sourceId: 'medicine-transcription' },
    ]);
  });

  it('answers an imported scale with the source its importer stated, and 404 for an unknown id', async () => {
    const imported = await importScale();
    const page = (await send('GET', `/api/scales/${imported.id}`, captain)).json() as ScaleProvenanceView;
    expect(page.sources).toEqual([expect.objectContaining({ title: imported.source, confidence: 'As stated by the importer' })]);
    expect((await send('GET', '/api/scales/no-such-scale', manager)).statusCode).toBe(404);
    expect((await send('GET', `/api/scales/${imported.id}`)).statusCode).toBe(401);
    expect((await send('GET', `/api/scales/${imported.id}`, pending)).statusCode).toBe(403);
  });
});

describe("a vessel's scale", () => {
  it('is the shipped scale until another is assigned', async () => {
    const vesselId = await createVessel();
    const response = await send('GET', `/api/vessels/${vesselId}/scale`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SHIPPED);
  });

  it('is assigned with PUT: one VesselScaleAssigned, read back at once; the same scale again records nothing', async () => {
    const vesselId = await createVessel();
    const scale = await importScale();
    const before = await eventCount();
    const response = await send('PUT', `/api/vessels/${vesselId}/scale`, manager, { scaleId: scale.id });
    expect(response.statusCode, response.body).toBe(200);
    const { itemCount: _count, importedAt: _at, ...metadata } = scale;
    expect(response.json()).toEqual(metadata);

    const events = (await t.allEvents()).slice(before);
    expect(events.map((e) => [e.streamId, e.type, e.data])).toEqual([
      [`vesselScale-${vesselId}`, 'VesselScaleAssigned', { vesselId, scaleId: scale.id, scaleName: scale.name }],
    ]);
    // The command waited for the read models: the next read already shows it.
    expect((await send('GET', `/api/vessels/${vesselId}/scale`, admin)).json()).toEqual(metadata);

    const again = await send('PUT', `/api/vessels/${vesselId}/scale`, admin, { scaleId: scale.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(metadata);
    expect(await eventCount()).toBe(before + 1);

    // Back to the shipped scale.
    expect((await send('PUT', `/api/vessels/${vesselId}/scale`, manager, { scaleId: SHIPPED.id })).json()).toEqual(SHIPPED);
    expect((await send('GET', `/api/vessels/${vesselId}/scale`, manager)).json()).toEqual(SHIPPED);
  });

  it.each([
    ['an unknown scale', { scaleId: 'no-such-scale' }],
    ['no scale id', {}],
    ['a scale id that is not text', { scaleId: 42 }],
  ])('answers 400 "Please select a valid scale" for %s and appends nothing', async (_name, body) => {
    const vesselId = await createVessel();
    const before = await eventCount();
    const response = await send('PUT', `/api/vessels/${vesselId}/scale`, manager, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select a valid scale', fieldErrors: { scaleId: 'Please select a valid scale' } });
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 Vessel not found for an unknown, malformed or deleted vessel', async () => {
    const deleted = await createVessel();
    expect((await send('DELETE', `/api/vessels/${deleted}`, manager)).statusCode).toBe(200);
    const before = await eventCount();
    for (const id of [UNKNOWN_ID, 'not-a-uuid', deleted]) {
      const get = await send('GET', `/api/vessels/${id}/scale`, manager);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ message: 'Vessel not found' });
      const put = await send('PUT', `/api/vessels/${id}/scale`, manager, { scaleId: SHIPPED.id });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: 'Vessel not found' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('is for fleet roles: 401 without a session, 404 for a captain of no vessel (not theirs), 403 for a pending account', async () => {
    const vesselId = await createVessel();
    const before = await eventCount();
    expect((await send('GET', `/api/vessels/${vesselId}/scale`)).statusCode).toBe(401);
    expect((await send('PUT', `/api/vessels/${vesselId}/scale`, undefined, { scaleId: SHIPPED.id })).statusCode).toBe(401);
    for (const [cookie, status] of [[captain, 404], [pending, 403]] as const) {
      expect((await send('GET', `/api/vessels/${vesselId}/scale`, cookie)).statusCode).toBe(status);
    }
    for (const cookie of [captain, pending]) {
      expect((await send('PUT', `/api/vessels/${vesselId}/scale`, cookie, { scaleId: SHIPPED.id })).statusCode).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });

  it("a captain reads their own vessel's scale, not another's, and cannot change it", async () => {
    const own = await createVessel();
    const other = await createVessel();
    const skipper = await t.captainOf(own);
    expect((await send('GET', `/api/vessels/${own}/scale`, skipper)).json()).toEqual(SHIPPED);
    expect((await send('GET', `/api/vessels/${other}/scale`, skipper)).statusCode).toBe(404);
    const before = await eventCount();
    const scale = await importScale();
    expect((await send('PUT', `/api/vessels/${own}/scale`, skipper, { scaleId: scale.id })).statusCode).toBe(403);
    expect(await eventCount()).toBe(before + 1);
    expect((await send('GET', `/api/vessels/${own}/scale`, skipper)).json()).toEqual(SHIPPED);
  });
});

describe('requirements follow the scale assigned', () => {
  type Row = { scaleId: string; scaleDescription: string; complianceStatus: string };
  const requirements = async (vesselId: string, asOf?: string) => {
    const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements${asOf ? `?asOf=${asOf}` : ''}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Row[]).map((r) => r.scaleId);
  };

  it("today lists the new scale's items; as of a day before the assignment, the shipped scale's", async () => {
    const vesselId = await createVessel();
    const scale = await importScale(scaleBody({ csv: smallScaleCsv('PAN', [1, 2, 3, 4]) }));
    setDay(DAY2);
    expect((await send('PUT', `/api/vessels/${vesselId}/scale`, manager, { scaleId: scale.id })).statusCode).toBe(200);

    expect(await requirements(vesselId)).toEqual(['PAN01', 'PAN02', 'PAN03', 'PAN04']);
    expect(await requirements(vesselId, DAY2)).toEqual(['PAN01', 'PAN02', 'PAN03', 'PAN04']);
    expect(await requirements(vesselId, addDays(DAY2, -1))).toEqual(shipped.items.map((i) => i.id));

    // The scale named on the screens follows the same days.
    expect((await send('GET', `/api/vessels/${vesselId}/scale?asOf=${addDays(DAY2, -1)}`, manager)).json()).toEqual(SHIPPED);
    expect((await send('GET', `/api/vessels/${vesselId}/scale?asOf=${DAY2}`, manager)).json()).toMatchObject({ id: scale.id, name: scale.name });
    const future = await send('GET', `/api/vessels/${vesselId}/scale?asOf=${addDays(DAY2, 1)}`, manager);
    expect(future.statusCode).toBe(400);
  });

  it("a bulk import names the new scale's items; the shipped scale's ids are row errors", async () => {
    const vesselId = await createVessel();
    const scale = await importScale(scaleBody({ csv: smallScaleCsv('LIB') }));
    expect((await send('PUT', `/api/vessels/${vesselId}/scale`, manager, { scaleId: scale.id })).statusCode).toBe(200);
    const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
      fileName: 'chest.csv',
      items: [
        { scaleId: 'LIB01', quantityOnBoard: 50, batchNumber: 1 },
        { scaleId: 'IMGS01', quantityOnBoard: 50, batchNumber: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as { successCount: number; errorCount: number; errors: string[] };
    expect(result).toMatchObject({ successCount: 1, errorCount: 1 });
    expect(result.errors[0]).toContain('IMGS01');
    const rows = (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, manager)).json() as (Row & { actualQuantity: number })[];
    expect(rows.find((r) => r.scaleId === 'LIB01')?.actualQuantity).toBe(50);
  });
});
