import type { StatedQuantity } from './quantity';
import type { RuleFlag } from './ruleFlags';

/**
 * Vessel medical categories of the WHO Quantification Addendum: A ocean-going, B coastal (no more
 * than 24 h from a port of call), C near harbour (small boats, a few hours from port).
 */
export const MEDICAL_CATEGORIES = ['A', 'B', 'C'] as const;
export type MedicalCategory = (typeof MEDICAL_CATEGORIES)[number];
export const DEFAULT_MEDICAL_CATEGORY: MedicalCategory = 'A';

export const MEDICAL_CATEGORY_LABELS: Record<MedicalCategory, string> = {
  A: 'A – Ocean-going',
  B: 'B – Coastal',
  C: 'C – Near harbour',
};

/** Kinds of scale row, as the file has them. */
export const SCALE_ITEM_KINDS = ['medicine', 'supply'] as const;
export type ScaleItemKind = (typeof SCALE_ITEM_KINDS)[number];

export interface ScaleItem {
  /** The scale id batches refer to: IMGS01, IMGS45A, IMGS2.14 … */
  id: string;
  section: string;
  kind: ScaleItemKind;
  description: string;
  formStrength: string;
  /** The unit a bare figure counts (tablet, ampoule …); null when the file gives none (supplies). */
  unit: string | null;
  /** Absolute quantity per vessel for each category (medicines). */
  quantities: Record<MedicalCategory, StatedQuantity>;
  /** Quantity per 10 crew, any category (supplies, WHO IMGS3 ch. 33). */
  qtyPer10Crew: StatedQuantity;
  ruleFlags: RuleFlag[];
  /** Free text kept for people: the basis of the figures, notes, provenance. Never read by rules. */
  perCrew: string;
  notes: string;
  source: string;
}

/** A versioned scale: what each ship must carry, as one published table states it. */
export interface Scale {
  id: string;
  name: string;
  /** Where the figures come from, for the screens and the audit. */
  source: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  items: ScaleItem[];
}

export type ScaleMetadata = Omit<Scale, 'items'>;
