import type { VesselMedicalProfile } from './profile';
import type { StatedQuantity } from './quantity';
import type { RuleFlag } from './ruleFlags';
import type { ScaleItem } from './scale';

/** The unit of a figure when neither the cell nor the item names one (supplies have no unit column value). */
export const DEFAULT_COUNT_UNIT = 'each';

export type NotRequiredReason = 'not_carried_in_category' | 'only_if_women_on_board';

export type Requirement =
  | {
      kind: 'required';
      /** What must be on board, in `unit`: the number batch quantities are compared with. */
      amount: number;
      unit: string;
      /** The scale's figure the amount came from, before crew scaling and rules. */
      basis: 'category' | 'per_10_crew';
      stated: Extract<StatedQuantity, { kind: 'amount' }>;
      /** The stated "+" marker, kept for display ("70+"). */
      plus: boolean;
      /** Per unit, when the scale states a pack size ("2x30g"). */
      packSize?: { amount: number; unit: string };
      /** What the amount makes up, scaled like it ("15l(75)" → 75 sachets = 15 l). */
      equivalent?: { amount: number; unit: string };
      /** The rule flags that changed the amount here (each doubling). */
      appliedRules: RuleFlag[];
    }
  | { kind: 'not_required'; reason: NotRequiredReason }
  | { kind: 'quantity_not_set' };

/**
 * The quantity of one scale item a vessel must carry. The one place the scale's rules meet a
 * vessel:
 * - Which figure: the item's figure for the vessel's category (qty_cat_a/b/c, absolute per vessel)
 *   when the row has category figures, otherwise its qty_per_10_crew × ceil(crew / 10)
 *   (WHO IMGS3 ch. 33, supplies; the same for every category). A row gives one or the other; the
 *   CSV parser refuses both. Neither → "quantity not set".
 * - "-" for the category → not required (not carried in that category).
 * - only_if_women_on_board without women aboard → not required.
 * - double_if_crew_over_30 (crew > 30), double_if_women_on_board (women aboard),
 *   double_if_organophosphates (dangerous goods aboard): each doubles; two applying make ×4.
 * - The "+" after a figure is kept for display only: the figure is the quantity.
 * - Flags marked as guidance (per_patient, each_size …) do not change the amount.
 */
export function requiredQuantity(item: ScaleItem, profile: VesselMedicalProfile): Requirement {
  const categoryFigure = item.quantities[profile.category];
  const hasCategoryFigures = Object.values(item.quantities).some((q) => q.kind !== 'not_set');

  let stated: StatedQuantity;
  let basis: 'category' | 'per_10_crew';
  let multiplier: number;
  if (hasCategoryFigures) {
    stated = categoryFigure;
    basis = 'category';
    multiplier = 1;
  } else {
    stated = item.qtyPer10Crew;
    basis = 'per_10_crew';
    multiplier = Math.ceil(Math.max(0, profile.crewSize) / 10);
  }

  if (stated.kind === 'not_set') return { kind: 'quantity_not_set' };
  if (stated.kind === 'not_carried') return { kind: 'not_required', reason: 'not_carried_in_category' };

  const flags = new Set(item.ruleFlags);
  if (flags.has('only_if_women_on_board') && !profile.womenOnBoard) {
    return { kind: 'not_required', reason: 'only_if_women_on_board' };
  }

  const appliedRules: RuleFlag[] = [];
  const doubling: [RuleFlag, boolean][] = [
    ['double_if_crew_over_30', profile.crewSize > 30],
    ['double_if_women_on_board', profile.womenOnBoard],
    ['double_if_organophosphates', profile.carriesDangerousGoods],
  ];
  for (const [flag, applies] of doubling) {
    if (flags.has(flag) && applies) {
      multiplier *= 2;
      appliedRules.push(flag);
    }
  }

  return {
    kind: 'required',
    amount: stated.amount * multiplier,
    unit: stated.unit ?? item.unit ?? DEFAULT_COUNT_UNIT,
    basis,
    stated,
    plus: stated.plus,
    ...(stated.packSize ? { packSize: stated.packSize } : {}),
    ...(stated.equivalent ? { equivalent: { amount: stated.equivalent.amount * multiplier, unit: stated.equivalent.unit } } : {}),
    appliedRules,
  };
}

/** The required quantity as the Required column shows it: "24+ tablet", "4 × 30 g", "75 sachet (15 l)". */
export function formatRequirement(requirement: Requirement): string {
  switch (requirement.kind) {
    case 'quantity_not_set':
      return 'Quantity not set';
    case 'not_required':
      return 'Not required';
    case 'required': {
      const plus = requirement.plus ? '+' : '';
      if (requirement.packSize) {
        return `${requirement.amount}${plus} × ${requirement.packSize.amount} ${requirement.packSize.unit}`;
      }
      const main = `${requirement.amount}${plus} ${requirement.unit}`;
      return requirement.equivalent ? `${main} (${requirement.equivalent.amount} ${requirement.equivalent.unit})` : main;
    }
  }
}

/** The footnote of a figure the scale marks with "+" (the marker's meaning is not stated by the source). */
export const AT_LEAST_FOOTNOTE =
  'At least this many. The source marks the figure with "+" without saying when more is needed; WHO quantities are for a one-month voyage, so carry more for a longer one.';

/** What "Not required" and "Quantity not set" in the Required column mean, and what to do. */
export const REQUIREMENT_EXPLANATIONS = {
  notRequired:
    'The scale gives no figure for this vessel\'s category (marked "-"), or the item is only carried with women on board and this vessel has none. Nothing has to be stocked; the item does not count against compliance.',
  quantityNotSet:
    "The scale lists the item without a quantity (WHO gives none, or the item is not in the WHO list). It does not count against compliance; carry what your medical adviser or flag state asks for.",
} as const;

/**
 * The Required column's text as a person reads it: "70+ tablet" → "70 tablet, or more" with the
 * at-least footnote. formatRequirement writes the marker; this is the one place that reads it.
 */
export function requirementDisplay(text: string): { text: string; atLeast: boolean } {
  const match = /^(\d+(?:\.\d+)?)\+(.*)$/.exec(text.trim());
  return match ? { text: `${match[1]}${match[2]}, or more`, atLeast: true } : { text, atLeast: false };
}
