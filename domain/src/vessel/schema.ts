import { z } from 'zod';
import { NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS, vesselMedicalProfileSchema } from '../scale/profile';
import { isIsoDate } from '../shared/dates';
import { FLAG_STATES, VESSEL_TYPES } from './labels';

/**
 * The vessel form, create and edit alike (spec 000 §5). The browser validates with it through
 * react-hook-form and the API parses every request body with it, so each message lives here only.
 */

/** Empty optional strings are omitted from the payload: treat '' and null as "not given". */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A value of the wrong JSON type gets the field's own message, never zod's generic text. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string({ error: tooLong }).trim().max(max, tooLong).optional());

/**
 * Crew size comes from a number input (a number) or from a JSON body (a number or a numeric
 * string). Anything else, such as true or [5], must not be coerced into a crew size.
 */
const crewSizeInput = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

const optionalEmail = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(255, 'Email must not exceed 255 characters')
    .pipe(z.email('Please enter a valid email address'))
    .optional(),
);

/**
 * A phone number, wherever the product asks for one (a vessel's contact, a user's profile): at
 * most 20 characters of digits, spaces, hyphens, plus signs and parentheses. Trimmed; an empty
 * string passes (each form decides what a blank means).
 */
export const phoneNumberSchema = z
  .string({ error: 'Phone number contains invalid characters' })
  .trim()
  .max(20, 'Phone number must not exceed 20 characters')
  .regex(/^[0-9\s\-+()]*$/, 'Phone number contains invalid characters');

const optionalDate = z.preprocess(
  blankToUndefined,
  z.string({ error: 'Please enter a valid date' }).refine(isIsoDate, 'Please enter a valid date').optional(),
);

export const vesselFormSchema = z
  .object({
    vesselName: z
      .string({ error: 'Vessel name is required' })
      .trim()
      .min(1, 'Vessel name is required')
      .max(255, 'Vessel name must not exceed 255 characters'),
    imoNumber: z
      .string({ error: 'IMO number must be at least 7 characters' })
      .trim()
      .min(7, 'IMO number must be at least 7 characters')
      .max(20, 'IMO number must not exceed 20 characters')
      .regex(/^[A-Z0-9]+$/, 'IMO number must contain only uppercase letters and numbers'),
    flagState: z.enum(FLAG_STATES, { error: 'Please select a valid flag state' }),
    crewSizeCategory: z.preprocess(
      crewSizeInput,
      z
        .number({ error: 'Crew size must be at least 1' })
        .min(1, 'Crew size must be at least 1')
        .max(1000, 'Crew size must not exceed 1000')
        .int('Crew size must be a whole number'),
    ),
    contactName: optionalText(255, 'Contact name must not exceed 255 characters'),
    contactPhone: z.preprocess(blankToUndefined, phoneNumberSchema.optional()),
    contactEmail: optionalEmail,
    fleet: optionalText(255, 'Fleet name must not exceed 255 characters'),
    ownershipCompany: optionalText(255, 'Company name must not exceed 255 characters'),
    ownershipContactEmail: optionalEmail,
    vesselType: z.preprocess(
      blankToUndefined,
      z.enum(VESSEL_TYPES, { error: 'Please select a valid vessel type' }).optional(),
    ),
    onboardingDate: optionalDate,
    contractEndDate: optionalDate,
    // What the chest must hold depends on these (issue 3): medical category and the facts the
    // scale's rule flags ask about. Each defaults when absent, like a form left untouched.
    ...vesselMedicalProfileSchema.shape,
  })
  .refine(
    (v) => !v.onboardingDate || !v.contractEndDate || v.contractEndDate >= v.onboardingDate,
    {
      message: 'Contract end date must be after onboarding date',
      path: ['contractEndDate'],
      // Check the dates even while other fields are still wrong, so the user sees every problem
      // of the form at once rather than this one only after fixing the rest.
      when: ({ value }) => {
        const dates = value as { onboardingDate?: unknown; contractEndDate?: unknown };
        return [dates.onboardingDate, dates.contractEndDate].every((d) => typeof d === 'string' && isIsoDate(d));
      },
    },
  );

/** What the form holds while the user types (strings from inputs, a number for crew size). */
export type VesselFormInput = z.input<typeof vesselFormSchema>;
/** The validated, normalised vessel details that go into VesselCreated / VesselUpdated. */
export type VesselDetails = z.output<typeof vesselFormSchema>;

/**
 * The defaults of the Add New Vessel form (spec 000 §3): crew size 10, everything else empty; the
 * medical profile (not in the specification) starts at category A with both flags off.
 */
export const NEW_VESSEL_DEFAULTS = {
  vesselName: '',
  imoNumber: '',
  flagState: '',
  crewSizeCategory: 10,
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  fleet: '',
  ownershipCompany: '',
  ownershipContactEmail: '',
  vesselType: '',
  onboardingDate: '',
  contractEndDate: '',
  ...NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
} as const;
