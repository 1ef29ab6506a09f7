import { describe, expect, it } from 'vitest';
import { SHIPPED_SCALE_METADATA } from '@medchest/domain';
import { isShippedScale, scaleImportFormWithFileSchema, scaleOptionLabel, scaleProvenanceTitle } from './scaleView';

const panama = { id: 'panama-2024-03-01', name: 'Panama Flag Scale', source: 'Panama Maritime Authority', effectiveDate: '2024-03-01' };

describe('scale texts', () => {
  it('labels a scale with its effective date, in the product date format', () => {
    expect(scaleOptionLabel(panama)).toBe('Panama Flag Scale (effective Mar 01, 2024)');
    expect(scaleOptionLabel({ ...panama, effectiveDate: 'not a date' })).toBe('Panama Flag Scale');
  });

  it('names the source and the effective date in the provenance tooltip', () => {
    expect(scaleProvenanceTitle(panama)).toBe('Panama Maritime Authority · Effective Mar 01, 2024');
    expect(scaleProvenanceTitle(SHIPPED_SCALE_METADATA)).toContain('not yet checked against the WHO tables');
  });

  it('tells the shipped scale from an imported one', () => {
    expect(isShippedScale(SHIPPED_SCALE_METADATA)).toBe(true);
    expect(isShippedScale(panama)).toBe(false);
  });
});

describe('the scale import form', () => {
  const valid = { name: 'Panama Flag Scale', source: 'PMA', effectiveDate: '2024-03-01', fileName: 'panama.csv' };
  const messages = (values: object) => {
    const result = scaleImportFormWithFileSchema.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a named, sourced, dated .csv', () => {
    expect(scaleImportFormWithFileSchema.parse(valid)).toEqual(valid);
  });

  it('says what is missing on each field, with the API own messages', () => {
    expect(messages({ name: '', source: '', effectiveDate: '', fileName: '' })).toEqual({
      name: 'Name is required',
      source: 'Source is required',
      effectiveDate: 'Please enter a valid effective date',
      fileName: 'Please choose a CSV file',
    });
    expect(messages({ ...valid, fileName: 'scale.xlsx' })).toEqual({ fileName: 'Invalid File: Please upload a CSV file' });
  });
});
