import { describe, expect, it } from 'vitest';
import { MEDICAL_CATEGORIES } from '../scale/scale';
import { FLAG_STATES, VESSEL_TYPES } from './labels';
import { NEW_VESSEL_DEFAULTS, vesselFormSchema } from './schema';

/** A form a user could submit as is. */
const valid = {
  vesselName: 'Nordic Aurora',
  imoNumber: '9074729',
  flagState: 'PANAMA',
  crewSizeCategory: 24,
};

/** The first message zod gives for each field, as the form shows it. */
function fieldMessages(input: Record<string, unknown>): Record<string, string> {
  const result = vesselFormSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const long = (n: number) => 'a'.repeat(n);
/** An email address of exactly n characters. */
const emailOfLength = (n: number) => `${'m'.repeat(n - '@example.com'.length)}@example.com`;

describe('vessel form schema (spec 000 §5, every row of the table)', () => {
  it('accepts a minimal valid form and omits empty optional strings', () => {
    const parsed = vesselFormSchema.parse({ ...NEW_VESSEL_DEFAULTS, ...valid });
    expect(parsed).toEqual({
      vesselName: 'Nordic Aurora',
      imoNumber: '9074729',
      flagState: 'PANAMA',
      crewSizeCategory: 24,
      medicalCategory: 'A',
      womenOnBoard: false,
      carriesDangerousGoods: false,
    });
  });

  it('accepts a full form and trims text', () => {
    const parsed = vesselFormSchema.parse({
      ...valid,
      vesselName: '  Nordic Aurora  ',
      imoNumber: ' 9074729 ',
      contactName: ' Ana Ruiz ',
      contactPhone: '+1 (555) 123-4567',
      contactEmail: 'master@nordic.example',
      fleet: 'North Atlantic',
      ownershipCompany: 'Nordic Shipping AS',
      ownershipContactEmail: 'ops@nordic.example',
      vesselType: 'OIL_TANKER',
      onboardingDate: '2024-01-15',
      contractEndDate: '2027-01-14',
    });
    expect(parsed.vesselName).toBe('Nordic Aurora');
    expect(parsed.imoNumber).toBe('9074729');
    expect(parsed.contactName).toBe('Ana Ruiz');
    expect(parsed.vesselType).toBe('OIL_TANKER');
    expect(parsed.contractEndDate).toBe('2027-01-14');
  });

  const rows: [string, Record<string, unknown>, string, string][] = [
    ['vessel name missing', { vesselName: undefined }, 'vesselName', 'Vessel name is required'],
    ['vessel name empty', { vesselName: '' }, 'vesselName', 'Vessel name is required'],
    ['vessel name only spaces', { vesselName: '   ' }, 'vesselName', 'Vessel name is required'],
    ['vessel name of 256 characters', { vesselName: long(256) }, 'vesselName', 'Vessel name must not exceed 255 characters'],
    ['IMO number of 6 characters', { imoNumber: '907472' }, 'imoNumber', 'IMO number must be at least 7 characters'],
    ['IMO number of 6 characters once trimmed', { imoNumber: ' 907472 ' }, 'imoNumber', 'IMO number must be at least 7 characters'],
    ['IMO number missing', { imoNumber: undefined }, 'imoNumber', 'IMO number must be at least 7 characters'],
    ['IMO number of 21 characters', { imoNumber: '1'.repeat(21) }, 'imoNumber', 'IMO number must not exceed 20 characters'],
    ['IMO number with lowercase letters', { imoNumber: 'imo9074729' }, 'imoNumber', 'IMO number must contain only uppercase letters and numbers'],
    ['IMO number with a hyphen', { imoNumber: 'IMO-9074729' }, 'imoNumber', 'IMO number must contain only uppercase letters and numbers'],
    ['flag state not listed', { flagState: 'FRANCE' }, 'flagState', 'Please select a valid flag state'],
    ['flag state missing', { flagState: undefined }, 'flagState', 'Please select a valid flag state'],
    ['flag state empty', { flagState: '' }, 'flagState', 'Please select a valid flag state'],
    ['crew size 0', { crewSizeCategory: 0 }, 'crewSizeCategory', 'Crew size must be at least 1'],
    ['crew size negative', { crewSizeCategory: '-3' }, 'crewSizeCategory', 'Crew size must be at least 1'],
    ['crew size 1001', { crewSizeCategory: 1001 }, 'crewSizeCategory', 'Crew size must not exceed 1000'],
    ['crew size not a number', { crewSizeCategory: 'many' }, 'crewSizeCategory', 'Crew size must be at least 1'],
    ['contact name of 256 characters', { contactName: long(256) }, 'contactName', 'Contact name must not exceed 255 characters'],
    ['phone of 21 characters', { contactPhone: '1'.repeat(21) }, 'contactPhone', 'Phone number must not exceed 20 characters'],
    ['phone with letters', { contactPhone: '555-CALL-NOW' }, 'contactPhone', 'Phone number contains invalid characters'],
    ['contact email invalid', { contactEmail: 'not-an-email' }, 'contactEmail', 'Please enter a valid email address'],
    ['contact email of 256 characters', { contactEmail: emailOfLength(256) }, 'contactEmail', 'Email must not exceed 255 characters'],
    ['fleet of 256 characters', { fleet: long(256) }, 'fleet', 'Fleet name must not exceed 255 characters'],
    ['company of 256 characters', { ownershipCompany: long(256) }, 'ownershipCompany', 'Company name must not exceed 255 characters'],
    ['ownership email invalid', { ownershipContactEmail: 'ops@' }, 'ownershipContactEmail', 'Please enter a valid email address'],
    ['ownership email of 256 characters', { ownershipContactEmail: emailOfLength(256) }, 'ownershipContactEmail', 'Email must not exceed 255 characters'],
    ['vessel type not listed', { vesselType: 'SUBMARINE' }, 'vesselType', 'Please select a valid vessel type'],
    ['medical category not listed', { medicalCategory: 'D' }, 'medicalCategory', 'Please select a valid medical category'],
    ['medical category in lowercase', { medicalCategory: 'b' }, 'medicalCategory', 'Please select a valid medical category'],
    ['women on board as text', { womenOnBoard: 'yes' }, 'womenOnBoard', 'Women on board must be yes or no'],
    ['dangerous goods as a number', { carriesDangerousGoods: 1 }, 'carriesDangerousGoods', 'Dangerous goods must be yes or no'],
    [
      'contract end before onboarding',
      { onboardingDate: '2025-06-01', contractEndDate: '2025-05-31' },
      'contractEndDate',
      'Contract end date must be after onboarding date',
    ],
  ];

  it.each(rows)('%s → "%s" on %s', (_name, change, field, message) => {
    const messages = fieldMessages({ ...valid, ...change });
    expect(messages[field]).toBe(message);
    // The message belongs to that field only: nothing else is reported for a single bad field.
    expect(Object.keys(messages)).toEqual([field]);
  });

  it('accepts the boundaries of every limit', () => {
    const parsed = vesselFormSchema.safeParse({
      vesselName: long(255),
      imoNumber: 'A'.repeat(20),
      flagState: 'BAHAMAS',
      crewSizeCategory: 1000,
      contactName: long(255),
      contactPhone: '(+44) 20-7946 0958'.padEnd(20, '0').slice(0, 20),
      contactEmail: emailOfLength(255),
      fleet: long(255),
      ownershipCompany: long(255),
      ownershipContactEmail: emailOfLength(255),
    });
    expect(parsed.success).toBe(true);
    expect(vesselFormSchema.safeParse({ ...valid, imoNumber: '1234567', crewSizeCategory: 1 }).success).toBe(true);
  });

  it('coerces crew size from the text of the input', () => {
    expect(vesselFormSchema.parse({ ...valid, crewSizeCategory: '32' }).crewSizeCategory).toBe(32);
  });

  it.each(FLAG_STATES)('accepts flag state %s', (flagState) => {
    expect(vesselFormSchema.safeParse({ ...valid, flagState }).success).toBe(true);
  });

  it.each(VESSEL_TYPES)('accepts vessel type %s', (vesselType) => {
    expect(vesselFormSchema.parse({ ...valid, vesselType }).vesselType).toBe(vesselType);
  });

  it('treats empty and null optional fields as not given', () => {
    const parsed = vesselFormSchema.parse({
      ...valid,
      contactName: '',
      contactPhone: '  ',
      contactEmail: '',
      fleet: null,
      ownershipCompany: '',
      ownershipContactEmail: '',
      vesselType: '',
      onboardingDate: '',
      contractEndDate: '',
    });
    const given = Object.entries(parsed).filter(([, value]) => value !== undefined).map(([key]) => key);
    // The medical profile always has a value: its defaults stand in for "not given".
    expect(given.sort()).toEqual([
      'carriesDangerousGoods',
      'crewSizeCategory',
      'flagState',
      'imoNumber',
      'medicalCategory',
      'vesselName',
      'womenOnBoard',
    ]);
  });

  it('allows a contract ending on the onboarding day, or with only one of the two dates', () => {
    expect(vesselFormSchema.safeParse({ ...valid, onboardingDate: '2025-06-01', contractEndDate: '2025-06-01' }).success).toBe(true);
    expect(vesselFormSchema.safeParse({ ...valid, contractEndDate: '2020-01-01' }).success).toBe(true);
    expect(vesselFormSchema.safeParse({ ...valid, onboardingDate: '2030-01-01' }).success).toBe(true);
  });

  it('reports every bad field at once', () => {
    const messages = fieldMessages({ vesselName: '', imoNumber: 'abc', flagState: 'X', crewSizeCategory: 0 });
    expect(messages).toEqual({
      vesselName: 'Vessel name is required',
      imoNumber: 'IMO number must be at least 7 characters',
      flagState: 'Please select a valid flag state',
      crewSizeCategory: 'Crew size must be at least 1',
    });
  });
});

describe('contract end check alongside other mistakes', () => {
  it('reports a contract end before onboarding even when other fields are invalid too', () => {
    const result = vesselFormSchema.safeParse({
      vesselName: '',
      imoNumber: '9074729',
      flagState: 'PANAMA',
      crewSizeCategory: 10,
      onboardingDate: '2025-06-01',
      contractEndDate: '2025-01-01',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('vesselName: Vessel name is required');
    expect(messages).toContain('contractEndDate: Contract end date must be after onboarding date');
  });
});

describe('values of the wrong JSON type', () => {
  const form = {
    vesselName: 'Nordic Aurora',
    imoNumber: '9074729',
    flagState: 'PANAMA',
    crewSizeCategory: 10,
  };
  const firstMessage = (overrides: Record<string, unknown>, field: string) => {
    const result = vesselFormSchema.safeParse({ ...form, ...overrides });
    expect(result.success).toBe(false);
    return result.error!.issues.find((i) => i.path[0] === field)?.message;
  };

  it.each([
    [true, 'Crew size must be at least 1'],
    [[5], 'Crew size must be at least 1'],
    ['abc', 'Crew size must be at least 1'],
    ['99999999999999999999999', 'Crew size must not exceed 1000'],
    ['2.5', 'Crew size must be a whole number'],
  ])('crew size %j is refused with %s, never coerced', (value, message) => {
    expect(firstMessage({ crewSizeCategory: value }, 'crewSizeCategory')).toBe(message);
  });

  it('accepts a numeric string for crew size, as a JSON client may send it', () => {
    expect(vesselFormSchema.parse({ ...form, crewSizeCategory: ' 24 ' }).crewSizeCategory).toBe(24);
  });

  it.each([
    ['contactEmail', 123, 'Please enter a valid email address'],
    ['ownershipContactEmail', false, 'Please enter a valid email address'],
    ['contactName', 42, 'Contact name must not exceed 255 characters'],
    ['contactPhone', 5551234, 'Phone number contains invalid characters'],
    ['fleet', {}, 'Fleet name must not exceed 255 characters'],
    ['onboardingDate', 20250101, 'Please enter a valid date'],
    ['medicalCategory', 2, 'Please select a valid medical category'],
    ['medicalCategory', ['B'], 'Please select a valid medical category'],
    ['womenOnBoard', 'true', 'Women on board must be yes or no'],
    ['womenOnBoard', null, 'Women on board must be yes or no'],
    ['carriesDangerousGoods', 'false', 'Dangerous goods must be yes or no'],
  ])('%s of the wrong type gets the field message', (field, value, message) => {
    expect(firstMessage({ [field]: value }, field)).toBe(message);
  });
});

describe('the medical profile in the vessel form (issue 3)', () => {
  const form = { vesselName: 'Nordic Aurora', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 10 };

  it('defaults a form without the fields to category A, no women on board, no dangerous goods', () => {
    expect(vesselFormSchema.parse(form)).toMatchObject({ medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false });
  });

  it('reads an unselected category (the empty option of the select) as A', () => {
    expect(vesselFormSchema.parse({ ...form, medicalCategory: '' }).medicalCategory).toBe('A');
  });

  it.each(MEDICAL_CATEGORIES)('keeps category %s and the flags the user set', (medicalCategory) => {
    expect(vesselFormSchema.parse({ ...form, medicalCategory, womenOnBoard: true, carriesDangerousGoods: true })).toMatchObject({
      medicalCategory,
      womenOnBoard: true,
      carriesDangerousGoods: true,
    });
  });

  it('starts a new vessel at the same defaults as the API', () => {
    expect(NEW_VESSEL_DEFAULTS).toMatchObject({ medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false });
  });

  it('reports a bad category next to the other bad fields', () => {
    const result = vesselFormSchema.safeParse({ ...form, vesselName: '', medicalCategory: 'X', womenOnBoard: 'on' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      vesselName: 'Vessel name is required',
      medicalCategory: 'Please select a valid medical category',
      womenOnBoard: 'Women on board must be yes or no',
    });
  });
});
