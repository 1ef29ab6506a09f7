import { expect, type Locator, type Page } from '@playwright/test';

/** The vessel form's fields with the labels the modals show (spec 000 §2, §3, §5). */
export const VESSEL_FIELDS = {
  vesselName: 'Vessel Name',
  imoNumber: 'IMO Number',
  flagState: 'Flag State',
  vesselType: 'Vessel Type',
  crewSizeCategory: 'Crew Size',
  contactName: 'Contact Name',
  contactPhone: 'Contact Phone',
  contactEmail: 'Contact Email',
  fleet: 'Fleet',
  ownershipCompany: 'Ownership Company',
  ownershipContactEmail: 'Ownership Contact Email',
  onboardingDate: 'Onboarding Date',
  contractEndDate: 'Contract End Date',
} as const;
export type VesselField = keyof typeof VESSEL_FIELDS;

const SELECTS = new Set<VesselField>(['flagState', 'vesselType']);

/** A vessel as the form takes it: select fields by their visible label, the rest as typed. */
export type VesselInput = Partial<Record<VesselField, string>>;

export const vesselDialog = (page: Page, title: 'Add New Vessel' | 'Edit Vessel') =>
  page.getByRole('dialog', { name: title });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input a field's label names; required fields' labels end in a '*' marker. */
export function vesselInput(dialog: Locator, field: VesselField): Locator {
  return dialog.getByLabel(new RegExp(`^${escapeRegExp(VESSEL_FIELDS[field])}(\\s*\\*)?$`));
}

/** Fill the given fields (an empty string clears a text field or picks the select's placeholder). */
export async function fillVesselForm(dialog: Locator, input: VesselInput): Promise<void> {
  for (const [field, value] of Object.entries(input) as [VesselField, string][]) {
    const control = vesselInput(dialog, field);
    if (SELECTS.has(field)) await control.selectOption(value === '' ? { index: 0 } : { label: value });
    else await control.fill(value);
  }
}

/**
 * The message under a field, checked the way a user (and a screen reader) meets it: the text
 * below that very input, which is also the input's accessible description, and the input marked
 * invalid.
 */
export async function expectFieldMessage(dialog: Locator, field: VesselField, message: string): Promise<void> {
  await expect(dialog.getByTestId(`error-vessel-${field}`), `message on ${field}`).toHaveText(message);
  const control = vesselInput(dialog, field);
  await expect(control, `${field} is described by its message`).toHaveAccessibleDescription(message);
  await expect(control, `${field} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
}

/** Exactly these fields carry a message, each the given one. */
export async function expectFieldMessages(dialog: Locator, expected: Partial<Record<VesselField, string>>): Promise<void> {
  for (const [field, message] of Object.entries(expected) as [VesselField, string][]) {
    await expectFieldMessage(dialog, field, message);
  }
  await expect(dialog.locator('[data-testid^="error-vessel-"]')).toHaveCount(Object.keys(expected).length);
  for (const field of Object.keys(VESSEL_FIELDS) as VesselField[]) {
    if (!(field in expected)) await expect(vesselInput(dialog, field), `${field} is valid`).not.toHaveAttribute('aria-invalid', 'true');
  }
}
