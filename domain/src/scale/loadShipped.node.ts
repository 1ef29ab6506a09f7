import { readFileSync } from 'node:fs';
import type { Scale } from './scale';
import { parseShippedScale } from './shipped';

/**
 * The one place in domain/ that touches the file system: Node code (API, projections, seeds,
 * tests) loads the shipped scale through it. It is not exported from the package index, so the
 * browser bundle never imports node:fs; a browser build would import the CSV with `?raw` and call
 * parseShippedScale instead.
 */
export const SHIPPED_SCALE_CSV_URL = new URL('../../data/imgs-scale.csv', import.meta.url);

let cached: Scale | undefined;

/** The shipped scale, read and parsed once per process. Treat the result as read-only. */
export function loadShippedScale(): Scale {
  cached ??= parseShippedScale(readFileSync(SHIPPED_SCALE_CSV_URL, 'utf8'));
  return cached;
}
