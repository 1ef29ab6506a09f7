import { formatScaleCsvError, parseScaleCsv } from './parseCsv';
import type { Scale, ScaleMetadata } from './scale';

/**
 * The scale the product ships with. Its quantities are a secondary transcription not yet checked
 * against the WHO tables (domain/data/SOURCES.md), and the name says so wherever it is shown.
 */
export const SHIPPED_SCALE_METADATA: ScaleMetadata = {
  id: 'who-imgs3-transcribed',
  name: 'WHO IMGS 3rd edition (transcribed, unverified)',
  source:
    'Medicine quantities: unverified secondary transcription (rajguptaH/Seamed); supplies: WHO International Medical Guide for Ships, 3rd edition (2007), ch. 33, quantity per 10 crew. See domain/data/SOURCES.md.',
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
