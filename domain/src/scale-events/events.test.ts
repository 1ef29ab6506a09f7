import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedScale, SHIPPED_SCALE_CSV_URL } from '../scale/loadShipped.node';
import {
  ScaleImported,
  scaleEventDefinitions,
  scaleImportedData,
  scaleItemSchema,
  scaleOf,
  scaleStreamId,
  statedQuantitySchema,
  VesselScaleAssigned,
  vesselScaleStreamId,
} from './events';

const shipped = loadShippedScale();
const sha256 = createHash('sha256').update(readFileSync(SHIPPED_SCALE_CSV_URL)).digest('hex');
const item = (id: string) => {
  const found = shipped.items.find((i) => i.id === id);
  if (!found) throw new Error(`no ${id} in the shipped scale`);
  return found;
};

describe('scale events', () => {
  it('are at version 1, on a stream per scale and a stream per vessel', () => {
    expect(scaleEventDefinitions.map((d) => [d.type, d.version])).toEqual([
      ['ScaleImported', 1],
      ['VesselScaleAssigned', 1],
    ]);
    expect(scaleStreamId('who-imgs3-transcribed')).toBe('scale-who-imgs3-transcribed');
    expect(vesselScaleStreamId('v1')).toBe('vesselScale-v1');
  });

  it.each([
    ['a medicine not carried in category C', 'IMGS01'],
    ['a medicine with "+" markers', 'IMGS02'],
    ['ORS: a volume with the sachet count in brackets', 'IMGS40'],
    ['a supply per 10 crew with no unit', 'IMGS2.22'],
    ['a supply with no figure ("Quantity not set")', 'IMGS2.2'],
  ])('keep a shipped scale item exactly as parsed: %s (%s)', (_name, id) => {
    expect(scaleItemSchema.parse(item(id))).toEqual(item(id));
  });

  it('keep every item of the shipped scale exactly as parsed', () => {
    for (const i of shipped.items) expect(scaleItemSchema.parse(i)).toEqual(i);
  });

  it('keep every quantity form of the file: packs, equivalents, not carried, not set', () => {
    const quantities = shipped.items.flatMap((i) => [...Object.values(i.quantities), i.qtyPer10Crew]);
    const kinds = new Set(quantities.map((q) => (q.kind === 'amount' ? (q.packSize ? 'packs' : q.equivalent ? 'equivalent' : 'amount') : q.kind)));
    expect([...kinds].sort()).toEqual(['amount', 'equivalent', 'not_carried', 'not_set', 'packs']);
    for (const q of quantities) expect(statedQuantitySchema.parse(q)).toEqual(q);
  });

  it('record the import of the shipped scale with its file hash, and give the same scale back', () => {
    const data = scaleImportedData(shipped, sha256);
    expect(data).toMatchObject({ scaleId: shipped.id, name: 'WHO IMGS 3rd edition', itemCount: 141 });
    const stored = ScaleImported.schema.parse(JSON.parse(JSON.stringify(data)));
    expect(stored).toEqual(data);
    expect(scaleOf(stored)).toEqual(shipped);
  });

  it.each([
    ['an item count that does not match the items', { itemCount: 140 }, 'itemCount is 140 but there are 141 items'],
    ['a hash that is not a sha256', { csvSha256: 'abc' }, 'Expected a sha256 as 64 lower-case hex digits'],
    ['an impossible effective date', { effectiveDate: '2010-09-31' }, 'Expected a calendar date as YYYY-MM-DD'],
    ['an item id twice', { items: [...shipped.items.slice(0, 140), shipped.items[0]] }, `Item id ${shipped.items[0].id} appears twice`],
    ['an unknown rule flag', { items: [{ ...shipped.items[0], ruleFlags: ['triple_on_sundays'] }, ...shipped.items.slice(1)] }, undefined],
  ])('refuse %s', (_name, change, message) => {
    const result = ScaleImported.schema.safeParse({ ...scaleImportedData(shipped, sha256), ...change });
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('assign a scale to a vessel', () => {
    expect(VesselScaleAssigned.schema.parse({ vesselId: 'v1', scaleId: shipped.id })).toEqual({ vesselId: 'v1', scaleId: shipped.id });
    expect(VesselScaleAssigned.schema.safeParse({ vesselId: 'v1', scaleId: '' }).success).toBe(false);
  });
});
