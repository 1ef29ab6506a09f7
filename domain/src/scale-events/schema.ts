import { z } from 'zod';
import { isIsoDate } from '../shared/dates';

/**
 * An admin's import of a scale (POST /api/admin/scales) and the assignment of a scale to a vessel
 * (PUT /api/vessels/{id}/scale). The browser's forms validate with these schemas and the API parses
 * every body with them, so each message lives here only.
 */

export const SCALE_NAME_MAX = 120;
export const SCALE_SOURCE_MAX = 1000;
export const SCALE_ID_MAX = 100;
/** A scale table of a few hundred rows with long notes is well under this; the body limit follows it. */
export const SCALE_CSV_MAX_CHARS = 3_000_000;

export const SCALE_IMPORT_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must not exceed ${SCALE_NAME_MAX} characters`,
  sourceRequired: 'Source is required',
  sourceMax: `Source must not exceed ${SCALE_SOURCE_MAX} characters`,
  effectiveDate: 'Please enter a valid effective date',
  fileRequired: 'Please choose a CSV file',
  notCsv: 'Invalid File: Please upload a CSV file',
  csvTooLarge: `The scale file must not exceed ${SCALE_CSV_MAX_CHARS.toLocaleString('en-GB')} characters`,
  scaleId: 'Scale id must be lower-case letters, digits and single hyphens',
  scaleIdMax: `Scale id must not exceed ${SCALE_ID_MAX} characters`,
} as const;

export const SCALE_EXISTS_MESSAGE = 'A scale with this id already exists';
export const SELECT_VALID_SCALE = 'Please select a valid scale';

/** Toasts and titles of the scale screens. */
export const SCALE_IMPORTED_TOAST = 'Scale imported';
export const SCALE_IMPORT_FAILED_TOAST = 'Scale import failed';
export const VESSEL_SCALE_ASSIGNED_TOAST = 'Medical scale updated';
export const VESSEL_SCALE_ASSIGN_FAILED = 'Failed to update the medical scale';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a text can be a scale's id (a slug of at most SCALE_ID_MAX characters): the shipped one's too. */
export const isScaleId = (id: string): boolean => id.length <= SCALE_ID_MAX && SLUG.test(id);

/** Lower-case ASCII words joined by single hyphens: "Bandeira Panamá 2024!" → "bandeira-panama-2024". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The id a scale is recorded under when the admin gives none: its name and effective date as a
 * slug, so the same table imported twice meets itself (409) instead of appearing twice, and a
 * revised table with a new effective date gets its own id. The name part is cut so the id stays
 * within SCALE_ID_MAX.
 */
export function scaleIdOf(name: string, effectiveDate: string): string {
  const namePart = slugify(name).slice(0, SCALE_ID_MAX - effectiveDate.length - 1).replace(/-+$/, '');
  return namePart ? `${namePart}-${effectiveDate}` : slugify(effectiveDate);
}

export const isCsvFileName = (fileName: string) => fileName.trim().toLowerCase().endsWith('.csv');

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The fields an admin types: name, source (provenance is the point of a scale) and effective date. */
export const scaleImportFormSchema = z.object({
  name: requiredText(SCALE_IMPORT_MESSAGES.nameRequired, SCALE_NAME_MAX, SCALE_IMPORT_MESSAGES.nameMax),
  source: requiredText(SCALE_IMPORT_MESSAGES.sourceRequired, SCALE_SOURCE_MAX, SCALE_IMPORT_MESSAGES.sourceMax),
  effectiveDate: z
    .string({ error: SCALE_IMPORT_MESSAGES.effectiveDate })
    .trim()
    .refine(isIsoDate, SCALE_IMPORT_MESSAGES.effectiveDate),
});
export type ScaleImportForm = z.output<typeof scaleImportFormSchema>;

/** The uploaded file's name: a .csv, as for inventory uploads. */
export const scaleFileNameSchema = z
  .string({ error: SCALE_IMPORT_MESSAGES.fileRequired })
  .trim()
  .min(1, SCALE_IMPORT_MESSAGES.fileRequired)
  // No file is said once, by the rule above; the extension is only checked on a name.
  .refine((name) => name === '' || isCsvFileName(name), SCALE_IMPORT_MESSAGES.notCsv);

/**
 * POST /api/admin/scales: { fileName, csv (the file's text), name, source, effectiveDate, scaleId? }.
 * Without scaleId the id is scaleIdOf(name, effectiveDate); a given one is lower-cased and must
 * already be a slug (an id is not silently rewritten into another).
 */
export const scaleImportRequestSchema = scaleImportFormSchema
  .extend({
    fileName: scaleFileNameSchema,
    csv: z.string({ error: SCALE_IMPORT_MESSAGES.fileRequired }).max(SCALE_CSV_MAX_CHARS, SCALE_IMPORT_MESSAGES.csvTooLarge),
    scaleId: z.preprocess(
      blankToUndefined,
      z
        .string({ error: SCALE_IMPORT_MESSAGES.scaleId })
        .trim()
        .toLowerCase()
        .max(SCALE_ID_MAX, SCALE_IMPORT_MESSAGES.scaleIdMax)
        .regex(SLUG, SCALE_IMPORT_MESSAGES.scaleId)
        .optional(),
    ),
  })
  .transform(({ scaleId, ...rest }) => ({ ...rest, scaleId: scaleId ?? scaleIdOf(rest.name, rest.effectiveDate) }));
export type ScaleImportRequest = z.output<typeof scaleImportRequestSchema>;

/** PUT /api/vessels/{id}/scale: { scaleId }. Whether the scale exists is the decider's question. */
export const vesselScaleAssignmentSchema = z.object({
  scaleId: z.string({ error: SELECT_VALID_SCALE }).trim().min(1, SELECT_VALID_SCALE).max(SCALE_ID_MAX, SELECT_VALID_SCALE),
});
export type VesselScaleAssignment = z.output<typeof vesselScaleAssignmentSchema>;
