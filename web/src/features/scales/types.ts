import type { ScaleMetadata } from '@medchest/domain';

/** One row of GET /api/scales, and the answer of an import (POST /api/admin/scales). */
export interface ScaleSummary extends ScaleMetadata {
  itemCount: number | null;
  /** null for the scale MedChest ships with. */
  importedAt: string | null;
}

/** One problem of a refused scale file, as the 400 answer lists them (domain ScaleCsvError). */
export interface ScaleFileProblem {
  line: number;
  itemId?: string;
  column?: string;
  message: string;
}
