import { formatScaleCsvError, parseScaleCsv } from './parseCsv';
import type { Scale, ScaleMetadata } from './scale';

/**
 * The scale the product ships with, named by what it is. How far each of its figures can be
 * trusted (its medicine quantities are a transcription not yet checked against the WHO tables,
 * domain/data/SOURCES.md) is on the scale's own page, one click from wherever it is named; the
 * source line says it in a sentence, for a customer. The id stays: vessels' events refer to it.
 */
export const SHIPPED_SCALE_METADATA: ScaleMetadata = {
  id: 'who-imgs3-transcribed',
  name: 'WHO IMGS 3rd edition',
  source:
    'Items and supply quantities: WHO International Medical Guide for Ships, 3rd edition (2007), chapter 33. Medicine quantities: categories A, B and C of the WHO Quantification Addendum (2010), from a published transcription not yet checked against the WHO tables.',
  // The WHO Quantification Addendum, whose categories A/B/C the medicine figures follow, was
  // published in September 2010 (SOURCES.md S4); the day is not known, so the first of the month.
  effectiveDate: '2010-09-01',
};

/** The shipped CSV, relative to the repository root. Node code reads it with loadShipped.node.ts. */
export const SHIPPED_SCALE_CSV_PATH = 'domain/data/imgs-scale.csv';

/**
 * Parse the shipped file's text. It is committed data, so a row that does not parse is a bug in
 * the repository, not user input: this throws with every problem listed.
 */
export function parseShippedScale(csvText: string): Scale {
  const { scale, errors } = parseScaleCsv(csvText, SHIPPED_SCALE_METADATA);
  if (errors.length > 0) {
    throw new Error(`The shipped scale ${SHIPPED_SCALE_CSV_PATH} does not parse:\n${errors.map(formatScaleCsvError).join('\n')}`);
  }
  return scale;
}
