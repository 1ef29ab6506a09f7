import type { ScaleMetadata } from '../scale/scale';

/** One row of GET /api/scales, and the answer of an import (POST /api/admin/scales); the shipped scale has no count or date. */
export interface ScaleSummary extends ScaleMetadata {
  itemCount: number | null;
  /** null for the scale MedChest ships with. */
  importedAt: string | null;
}
