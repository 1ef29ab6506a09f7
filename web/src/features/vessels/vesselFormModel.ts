import { NEW_VESSEL_DEFAULTS } from '@medchest/domain';
import { toDateInputValue } from '../../lib/dates';
import type { Vessel } from '@medchest/domain';

/**
 * The vessel form as data: its fields, their labels, which are required, how they are grouped into
 * sections on the create and edit dialogs, and the values a form starts from.
 */

/** The two medical profile flags, shown as checkboxes. */
export const FLAG_FIELDS = ['womenOnBoard', 'carriesDangerousGoods'] as const;
export type FlagFieldName = (typeof FLAG_FIELDS)[number];

/**
 * What the inputs hold: text everywhere, a number (or '' when emptied) for crew size, and true or
 * false for the checkboxes.
 */
export type VesselFormValues = {
  [K in keyof typeof NEW_VESSEL_DEFAULTS]: K extends 'crewSizeCategory' ? number | '' : K extends FlagFieldName ? boolean : string;
};
export type FieldName = keyof VesselFormValues;
export const FIELD_NAMES = Object.keys(NEW_VESSEL_DEFAULTS) as FieldName[];

export const isFlagField = (name: FieldName): name is FlagFieldName => (FLAG_FIELDS as readonly string[]).includes(name);

export const LABELS: Record<FieldName, string> = {
  vesselName: 'Vessel Name',
  imoNumber: 'IMO Number',
  flagState: 'Flag State',
  crewSizeCategory: 'Crew Size',
  contactName: 'Contact Name',
  contactPhone: 'Contact Phone',
  contactEmail: 'Contact Email',
  fleet: 'Fleet',
  ownershipCompany: 'Ownership Company',
  ownershipContactEmail: 'Ownership Contact Email',
  vesselType: 'Vessel Type',
  onboardingDate: 'Onboarding Date',
  contractEndDate: 'Contract End Date',
  medicalCategory: 'Medical Category',
  womenOnBoard: 'Women on board',
  carriesDangerousGoods: 'Carries organophosphates or other dangerous goods',
};
export const REQUIRED = new Set<FieldName>(['vesselName', 'imoNumber', 'flagState', 'crewSizeCategory']);

export function valuesFromVessel(vessel: Vessel): VesselFormValues {
  return {
    vesselName: vessel.vesselName ?? '',
    imoNumber: vessel.imoNumber ?? '',
    flagState: vessel.flagState ?? '',
    crewSizeCategory: vessel.crewSizeCategory ?? '',
    contactName: vessel.contactName ?? '',
    contactPhone: vessel.contactPhone ?? '',
    contactEmail: vessel.contactEmail ?? '',
    fleet: vessel.fleet ?? '',
    ownershipCompany: vessel.ownershipCompany ?? '',
    ownershipContactEmail: vessel.ownershipContactEmail ?? '',
    vesselType: vessel.vesselType ?? '',
    onboardingDate: toDateInputValue(vessel.onboardingDate),
    contractEndDate: toDateInputValue(vessel.contractEndDate),
    // A vessel answered without a profile (an older server) is shown as the defaults it reads as.
    medicalCategory: vessel.medicalCategory ?? NEW_VESSEL_DEFAULTS.medicalCategory,
    womenOnBoard: vessel.womenOnBoard ?? NEW_VESSEL_DEFAULTS.womenOnBoard,
    carriesDangerousGoods: vessel.carriesDangerousGoods ?? NEW_VESSEL_DEFAULTS.carriesDangerousGoods,
  };
}

export const newVesselValues = (): VesselFormValues => ({ ...NEW_VESSEL_DEFAULTS });

export interface Section {
  title: string;
  fields: FieldName[];
  /** One line under the title saying what the section is for. */
  hint?: string;
}

/** Not in the specification (issue 3): what the chest must hold follows these. */
const MEDICAL_CHEST_SECTION: Section = {
  title: 'Medical Chest',
  hint: 'These set the required quantities of the medical chest.',
  fields: ['medicalCategory', 'womenOnBoard', 'carriesDangerousGoods'],
};
const FLEET_SECTION: Section = {
  title: 'Fleet & Company Information',
  fields: ['fleet', 'ownershipCompany', 'ownershipContactEmail', 'onboardingDate', 'contractEndDate'],
};
export const CREATE_SECTIONS: Section[] = [
  {
    title: 'Vessel Details',
    fields: ['vesselName', 'imoNumber', 'flagState', 'vesselType', 'crewSizeCategory', 'contactName', 'contactPhone', 'contactEmail'],
  },
  FLEET_SECTION,
  MEDICAL_CHEST_SECTION,
];
export const EDIT_SECTIONS: Section[] = [
  { title: 'Basic Information', fields: ['vesselName', 'imoNumber', 'flagState', 'vesselType', 'crewSizeCategory'] },
  { title: 'Contact Information', fields: ['contactName', 'contactPhone', 'contactEmail'] },
  FLEET_SECTION,
  MEDICAL_CHEST_SECTION,
];

/** Values already used in the fleet, offered while typing. */
export interface Suggestions {
  fleets?: string[];
  companies?: string[];
}
