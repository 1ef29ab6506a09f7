import { AT_LEAST_FOOTNOTE, REQUIREMENT_EXPLANATIONS, requirementDisplay } from '@medchest/domain';
import { requiredText } from '../../lib/inventoryView';
import type { VolumeRequirementRow } from '@medchest/domain';

/**
 * The Required column's text as a person reads it: "70 tablet, or more" with a footnote mark where
 * the scale writes "70+" (the footnote under the table says what that means).
 */
export function RequiredQuantity({ row }: { row: VolumeRequirementRow }) {
  const { text, atLeast } = requirementDisplay(requiredText(row));
  return (
    <>
      {text}
      {atLeast && (
        <sup className="footnote-mark" aria-hidden="true">
          *
        </sup>
      )}
    </>
  );
}

/**
 * Under a list of requirements, what its less obvious entries mean and what the vessel should do:
 * the "or more" footnote, "Not required" and "Quantity not set", each only when the list has one.
 */
export function RequirementNotes({ rows, testId = 'requirement-notes' }: { rows: readonly VolumeRequirementRow[]; testId?: string }) {
  const atLeast = rows.some((row) => requirementDisplay(requiredText(row)).atLeast);
  const notRequired = rows.some((row) => row.complianceStatus === 'not_required');
  const notSet = rows.some((row) => row.complianceStatus === 'quantity_not_set');
  if (!atLeast && !notRequired && !notSet) return null;
  return (
    <dl className="requirement-notes" data-testid={testId}>
      {atLeast && (
        <div>
          <dt>* or more</dt>
          <dd>{AT_LEAST_FOOTNOTE}</dd>
        </div>
      )}
      {notRequired && (
        <div>
          <dt>Not required</dt>
          <dd>{REQUIREMENT_EXPLANATIONS.notRequired}</dd>
        </div>
      )}
      {notSet && (
        <div>
          <dt>Quantity not set</dt>
          <dd>{REQUIREMENT_EXPLANATIONS.quantityNotSet}</dd>
        </div>
      )}
    </dl>
  );
}
