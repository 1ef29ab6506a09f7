import { describe, expect, it } from 'vitest';
import { SHIPPED_SCALE_METADATA } from '../scale/shipped';
import { DomainError } from '../shared/errors';
import { deciderSpec } from '../shared/testing/decider';
import {
  decideScaleStream,
  evolveScaleStream,
  evolveVesselScale,
  initialScaleStreamState,
  initialVesselScaleState,
  scaleDecider,
  scaleInForce,
  vesselScaleDecider,
  type ScaleStreamCommand,
  type VesselScaleAssignedEvent,
  type VesselScaleCommand,
} from './decide';
import { ScaleImported } from './events';
import { SCALE_EXISTS_MESSAGE, SELECT_VALID_SCALE } from './schema';

const HEADER = 'id,section,kind,description,form_strength,unit,qty_cat_a,qty_cat_b,qty_cat_c,qty_per_10_crew,rule_flags';
const CSV = [
  HEADER,
  'PA01,Medicines,medicine,Paracetamol,tablet 500 mg,tablet,100,50,20,,',
  'PA02,Medical supplies,supply,Gauze bandage,5 cm,,,,,4,double_if_crew_over_30',
].join('\n');
const SHA = 'a'.repeat(64);

const request = { scaleId: 'panama-2024-2024-01-01', name: 'Panama 2024', source: 'Panama Maritime Authority, Res. 123', effectiveDate: '2024-01-01', csv: CSV };
const importCommand = (change: Partial<typeof request> = {}): ScaleStreamCommand => ({
  type: 'ImportScale',
  request: { ...request, ...change },
  csvSha256: SHA,
});

const givenScale = deciderSpec(scaleDecider);

function rejection(command: ScaleStreamCommand): DomainError {
  try {
    decideScaleStream(command, initialScaleStreamState());
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the import was not refused');
}

describe('scale stream decider', () => {
  const [imported] = decideScaleStream(importCommand(), initialScaleStreamState());

  it('records a valid file as one ScaleImported with its metadata, every parsed item and the file hash', () => {
    expect(imported.type).toBe('ScaleImported');
    expect(imported.data).toMatchObject({
      scaleId: 'panama-2024-2024-01-01',
      name: 'Panama 2024',
      source: 'Panama Maritime Authority, Res. 123',
      effectiveDate: '2024-01-01',
      csvSha256: SHA,
      itemCount: 2,
    });
    expect(imported.data.items.map((i) => [i.id, i.kind, i.ruleFlags])).toEqual([
      ['PA01', 'medicine', []],
      ['PA02', 'supply', ['double_if_crew_over_30']],
    ]);
    expect(imported.data.items[0].quantities.C).toMatchObject({ kind: 'amount', amount: 20, raw: '20' });
    expect(imported.data.items[0].unit).toBe('tablet');
    // What the decider records is what the event schema accepts, unchanged.
    expect(ScaleImported.schema.parse(imported.data)).toEqual(imported.data);
  });

  it('imports a scale id once: a second import of the same id is a conflict', () => {
    givenScale([]).when(importCommand()).then([imported]);
    givenScale([imported]).when(importCommand()).thenThrows('conflict', SCALE_EXISTS_MESSAGE);
    givenScale([imported]).when(importCommand({ name: 'Another name', csv: `${HEADER}\nX1,S,medicine,X,,tablet,1,1,1,,` })).thenThrows('conflict', SCALE_EXISTS_MESSAGE);
  });

  it('never records a scale under the shipped scale id', () => {
    givenScale([]).when(importCommand({ scaleId: SHIPPED_SCALE_METADATA.id })).thenThrows('conflict', SCALE_EXISTS_MESSAGE);
  });

  it('refuses a file with any bad row whole, listing every problem with its line, item and column', () => {
    const csv = [
      HEADER,
      'PA01,Medicines,medicine,Paracetamol,tablet 500 mg,tablet,100,50,20,,',
      'PA02,Medicines,medicine,Ibuprofen,tablet 400 mg,tablet,lots,50,20,,',
      'PA03,Medicines,potion,Elixir,,bottle,1,1,1,,',
      'PA01,Medicines,medicine,Paracetamol again,,tablet,1,1,1,,',
    ].join('\n');
    givenScale([]).when(importCommand({ csv })).thenThrows('validation', 'The scale file has 3 problems; nothing was imported');
    const error = rejection(importCommand({ csv }));
    expect(error.fields).toEqual({ csv: 'The scale file has 3 problems; nothing was imported' });
    expect(error.details).toEqual([
      expect.objectContaining({ line: 3, itemId: 'PA02', column: 'qty_cat_a' }),
      expect.objectContaining({ line: 4, itemId: 'PA03', column: 'kind', message: 'Kind must be one of medicine, supply (found "potion")' }),
      expect.objectContaining({ line: 5, itemId: 'PA01', column: 'id', message: 'Id PA01 is already used on line 2' }),
    ]);
  });

  it.each([
    ['an empty file', '', 'File', 'The scale file is empty'],
    ['a header without rows', HEADER, 'File', 'No scale items found in CSV'],
    ['a header missing columns', 'id,section,kind\nA,B,medicine', 'Line 1', 'Missing required columns'],
  ])('refuses %s with one problem that says so', (_name, csv, _where, message) => {
    const error = rejection(importCommand({ csv }));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('The scale file has 1 problem; nothing was imported');
    expect(error.details).toHaveLength(1);
    expect((error.details[0] as { message: string }).message).toContain(message);
  });

  it('folds an import into the imported scale', () => {
    expect(evolveScaleStream(initialScaleStreamState(), imported)).toEqual({
      status: 'imported',
      scale: { id: 'panama-2024-2024-01-01', name: 'Panama 2024', source: 'Panama Maritime Authority, Res. 123', effectiveDate: '2024-01-01' },
      itemCount: 2,
    });
  });
});

describe('vessel scale decider', () => {
  const given = deciderSpec(vesselScaleDecider);
  const panama = { id: 'panama-2024-2024-01-01', name: 'Panama 2024', source: 'PMA', effectiveDate: '2024-01-01' };
  const assign = (scale: VesselScaleCommand['scale']): VesselScaleCommand => ({ type: 'AssignVesselScale', vesselId: 'v1', scale });
  const NAMES: Record<string, string> = { [panama.id]: panama.name, [SHIPPED_SCALE_METADATA.id]: SHIPPED_SCALE_METADATA.name };
  const assigned = (scaleId: string): VesselScaleAssignedEvent => ({ type: 'VesselScaleAssigned', data: { vesselId: 'v1', scaleId, scaleName: NAMES[scaleId] } });

  it('a vessel never assigned follows the shipped scale', () => {
    expect(scaleInForce(initialVesselScaleState())).toBe(SHIPPED_SCALE_METADATA.id);
    expect(scaleInForce(evolveVesselScale(initialVesselScaleState(), assigned(panama.id)))).toBe(panama.id);
  });

  it('assigns another scale', () => {
    given([]).when(assign(panama)).then([assigned(panama.id)]);
    given([assigned(panama.id)]).when(assign(SHIPPED_SCALE_METADATA)).then([assigned(SHIPPED_SCALE_METADATA.id)]);
  });

  it('records nothing when the scale asked for is already in force', () => {
    given([]).when(assign(SHIPPED_SCALE_METADATA)).then([]);
    given([assigned(panama.id)]).when(assign(panama)).then([]);
    given([assigned(panama.id), assigned(SHIPPED_SCALE_METADATA.id)]).when(assign(SHIPPED_SCALE_METADATA)).then([]);
  });

  it('refuses a scale that does not exist', () => {
    given([]).when(assign(undefined)).thenThrows('validation', SELECT_VALID_SCALE);
  });
});
