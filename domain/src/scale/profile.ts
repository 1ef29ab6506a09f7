import { z } from 'zod';
import { DEFAULT_MEDICAL_CATEGORY, MEDICAL_CATEGORIES, type MedicalCategory } from './scale';

/**
 * What a vessel's requirements depend on besides its crew size: its medical category and the
 * facts the scale's rule flags ask about. A later change adds these fields to the vessel form
 * (vesselFormSchema) by merging this schema; until then it stands alone. Every field has a
 * default, so a vessel recorded before these fields existed reads as category A, no women on
 * board, no dangerous goods.
 */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const vesselMedicalProfileSchema = z.object({
  medicalCategory: z.preprocess(
    blankToUndefined,
    z.enum(MEDICAL_CATEGORIES, { error: 'Please select a valid medical category' }).default(DEFAULT_MEDICAL_CATEGORY),
  ),
  womenOnBoard: z.boolean({ error: 'Women on board must be yes or no' }).default(false),
  /** Organophosphates or other dangerous goods (the MFAG antidote rules). */
  carriesDangerousGoods: z.boolean({ error: 'Dangerous goods must be yes or no' }).default(false),
});

export type VesselMedicalProfileInput = z.input<typeof vesselMedicalProfileSchema>;
export type VesselMedicalSettings = z.output<typeof vesselMedicalProfileSchema>;

/** The form's defaults for a new vessel. */
export const NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS = {
  medicalCategory: DEFAULT_MEDICAL_CATEGORY,
  womenOnBoard: false,
  carriesDangerousGoods: false,
} as const satisfies VesselMedicalSettings;

/** Everything the required-quantity rules read about a vessel. */
export interface VesselMedicalProfile {
  category: MedicalCategory;
  /** Persons of the crew (the vessel's crewSizeCategory, which is a head count despite its name). */
  crewSize: number;
  womenOnBoard: boolean;
  /** Carries organophosphates or other dangerous goods. */
  carriesDangerousGoods: boolean;
}

/**
 * The profile of a vessel from its recorded details: crewSizeCategory from the vessel form plus
 * the medical settings, which may be absent on vessels recorded before they existed.
 */
export function medicalProfileOf(vessel: { crewSizeCategory: number } & Partial<VesselMedicalSettings>): VesselMedicalProfile {
  return {
    category: vessel.medicalCategory ?? DEFAULT_MEDICAL_CATEGORY,
    crewSize: vessel.crewSizeCategory,
    womenOnBoard: vessel.womenOnBoard ?? false,
    carriesDangerousGoods: vessel.carriesDangerousGoods ?? false,
  };
}
