import { describe, expect, it } from 'vitest';
import { SCALE_ID_MAX, SCALE_IMPORT_MESSAGES, scaleIdOf, scaleImportRequestSchema, slugify, vesselScaleAssignmentSchema } from './schema';

const valid = {
  fileName: 'panama.csv',
  csv: 'id,section\n',
  name: 'Panama Flag Scale',
  source: 'Panama Maritime Authority',
  effectiveDate: '2024-01-01',
};

const messagesOf = (body: unknown) => {
  const result = scaleImportRequestSchema.safeParse(body);
  // Every message of a field, so a second message on a field that has one already shows up.
  const messages: Record<string, string> = {};
  if (!result.success) for (const i of result.error.issues) messages[i.path.join('.')] = messages[i.path.join('.')] ? `${messages[i.path.join('.')]} | ${i.message}` : i.message;
  return messages;
};

describe('scale ids', () => {
  it.each([
    ['Panama Flag Scale', '2024-01-01', 'panama-flag-scale-2024-01-01'],
    ['  Bandeira Panamá — 2ª edição!! ', '2024-03-31', 'bandeira-panama-2a-edicao-2024-03-31'],
    ['***', '2024-01-01', '2024-01-01'],
  ])('%s effective %s → %s', (name, date, id) => {
    expect(scaleIdOf(name, date)).toBe(id);
  });

  it('stay within the maximum length however long the name, without a trailing hyphen before the date', () => {
    const id = scaleIdOf(`${'word '.repeat(60)}`, '2024-01-01');
    expect(id.length).toBeLessThanOrEqual(SCALE_ID_MAX);
    expect(id).toMatch(/^word(-word)*-2024-01-01$/);
  });

  it('slugify keeps only lower-case letters and digits joined by single hyphens', () => {
    expect(slugify('A  B__C')).toBe('a-b-c');
  });
});

describe('the scale import request', () => {
  it('derives the id from the name and effective date when none is given, and trims the texts', () => {
    expect(scaleImportRequestSchema.parse({ ...valid, name: ' Panama Flag Scale ', scaleId: '' })).toEqual({
      ...valid,
      scaleId: 'panama-flag-scale-2024-01-01',
    });
  });

  it('takes a given id lower-cased', () => {
    expect(scaleImportRequestSchema.parse({ ...valid, scaleId: 'PANAMA-2024' }).scaleId).toBe('panama-2024');
  });

  it.each([
    ['no name', { name: '  ' }, 'name', SCALE_IMPORT_MESSAGES.nameRequired],
    ['a name too long', { name: 'x'.repeat(121) }, 'name', SCALE_IMPORT_MESSAGES.nameMax],
    ['no source', { source: undefined }, 'source', SCALE_IMPORT_MESSAGES.sourceRequired],
    ['an impossible date', { effectiveDate: '2024-02-30' }, 'effectiveDate', SCALE_IMPORT_MESSAGES.effectiveDate],
    ['a date in another format', { effectiveDate: '01/02/2024' }, 'effectiveDate', SCALE_IMPORT_MESSAGES.effectiveDate],
    ['a file that is not a .csv', { fileName: 'scale.xlsx' }, 'fileName', 'Invalid File: Please upload a CSV file'],
    ['no file name', { fileName: undefined }, 'fileName', SCALE_IMPORT_MESSAGES.fileRequired],
    ['an empty file name', { fileName: ' ' }, 'fileName', SCALE_IMPORT_MESSAGES.fileRequired],
    ['no file text', { csv: undefined }, 'csv', SCALE_IMPORT_MESSAGES.fileRequired],
    ['an id that is not a slug', { scaleId: 'panama 2024' }, 'scaleId', SCALE_IMPORT_MESSAGES.scaleId],
    ['an id with a double hyphen', { scaleId: 'panama--2024' }, 'scaleId', SCALE_IMPORT_MESSAGES.scaleId],
  ])('refuses %s with the field message', (_name, change, field, message) => {
    expect(messagesOf({ ...valid, ...change })[field]).toBe(message);
  });

  it('accepts .CSV in any case', () => {
    expect(scaleImportRequestSchema.safeParse({ ...valid, fileName: 'PANAMA.CSV' }).success).toBe(true);
  });
});

describe('the vessel scale assignment', () => {
  it('needs a scale id', () => {
    expect(vesselScaleAssignmentSchema.parse({ scaleId: ' panama-2024 ' })).toEqual({ scaleId: 'panama-2024' });
    for (const body of [{}, { scaleId: '' }, { scaleId: 5 }]) {
      const result = vesselScaleAssignmentSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('Please select a valid scale');
    }
  });
});
