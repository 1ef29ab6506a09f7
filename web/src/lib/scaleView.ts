import { scaleFileNameSchema, scaleImportFormSchema, SHIPPED_SCALE_METADATA, type ScaleMetadata } from '@medchest/domain';
import { formatDate } from './dates';

/**
 * The admin's import form: what the API's request schema checks for the typed fields, plus the
 * chosen file's name (.csv); the file's text is read only when the form is sent.
 */
export const scaleImportFormWithFileSchema = scaleImportFormSchema.extend({ fileName: scaleFileNameSchema });

export type ScaleImportFormValues = { name: string; source: string; effectiveDate: string; fileName: string };
export const EMPTY_SCALE_IMPORT_FORM: ScaleImportFormValues = { name: '', source: '', effectiveDate: '', fileName: '' };

export const isShippedScale = (scale: Pick<ScaleMetadata, 'id'>) => scale.id === SHIPPED_SCALE_METADATA.id;

/** 'Panama Flag Scale (effective Mar 01, 2024)': one scale in a list to choose from. */
export function scaleOptionLabel(scale: ScaleMetadata): string {
  const effective = formatDate(scale.effectiveDate);
  return effective ? `${scale.name} (effective ${effective})` : scale.name;
}

/** The tooltip naming where a scale's figures come from and since when they apply. */
export function scaleProvenanceTitle(scale: ScaleMetadata): string {
  const effective = formatDate(scale.effectiveDate);
  return [scale.source, effective ? `Effective ${effective}` : undefined].filter(Boolean).join(' · ');
}
