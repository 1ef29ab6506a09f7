import { describe, expect, it } from 'vitest';
import { medicalProfileOf, NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS, vesselMedicalProfileSchema } from './profile';

describe('vessel medical profile schema', () => {
  it('defaults to category A, no women on board, no dangerous goods', () => {
    expect(vesselMedicalProfileSchema.parse({})).toEqual(NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS);
    expect(NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS).toEqual({ medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false });
  });

  it.each([[''], ['  '], [null], [undefined]])('reads an unselected category (%j) as A', (medicalCategory) => {
    expect(vesselMedicalProfileSchema.parse({ medicalCategory }).medicalCategory).toBe('A');
  });

  it('keeps what the user chose', () => {
    expect(vesselMedicalProfileSchema.parse({ medicalCategory: 'C', womenOnBoard: true, carriesDangerousGoods: true })).toEqual({
      medicalCategory: 'C',
      womenOnBoard: true,
      carriesDangerousGoods: true,
    });
  });

  it.each<[object, string, string]>([
    [{ medicalCategory: 'D' }, 'medicalCategory', 'Please select a valid medical category'],
    [{ medicalCategory: 'a' }, 'medicalCategory', 'Please select a valid medical category'],
    [{ womenOnBoard: 'yes' }, 'womenOnBoard', 'Women on board must be yes or no'],
    [{ carriesDangerousGoods: 1 }, 'carriesDangerousGoods', 'Dangerous goods must be yes or no'],
  ])('refuses %j', (input, field, message) => {
    const result = vesselMedicalProfileSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it('builds the rules profile from vessel details, defaulting absent settings', () => {
    expect(medicalProfileOf({ crewSizeCategory: 24 })).toEqual({ category: 'A', crewSize: 24, womenOnBoard: false, carriesDangerousGoods: false });
    expect(medicalProfileOf({ crewSizeCategory: 12, medicalCategory: 'B', womenOnBoard: true, carriesDangerousGoods: true })).toEqual({
      category: 'B',
      crewSize: 12,
      womenOnBoard: true,
      carriesDangerousGoods: true,
    });
  });
});
