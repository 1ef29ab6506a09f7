import { formatRequirement } from '../scale/required';
import { vesselStatus, type ItemCompliance, type ItemStatus, type VesselStatus } from './status';

/**
 * One row of a vessel's volume requirements (spec 000 §3 "Volume requirement row"): what one scale
 * item requires of the vessel, what counts on board and the item's status. The read model stores
 * these rows for today and the "as of" view computes them for a past day: both shape them here.
 */
export interface VolumeRequirementRow {
  scaleId: string;
  scaleDescription: string;
  /** The scale's section (Medicines, 1. Resuscitation …): the hierarchy of the chest. */
  section: string;
  /** What must be on board, in requiredUnit; null when the item is not required or has no figure. */
  requiredQuantity: number | null;
  requiredUnit: string | null;
  /** The Required column's text: "50 tablet", "70+ tablet", "Not required", "Quantity not set". */
  requirement: string;
  /** Sum of the quantities of the batches that count (not expired on the day evaluated). */
  actualQuantity: number;
  complianceStatus: ItemStatus;
  /** A counted batch of this item expires within 60 days of the day evaluated. */
  expiringSoon: boolean;
}

export function volumeRequirementRow(item: ItemCompliance): VolumeRequirementRow {
  const { requirement } = item;
  const required = requirement.kind === 'required';
  return {
    scaleId: item.item.id,
    scaleDescription: item.item.description,
    section: item.item.section,
    requiredQuantity: required ? requirement.amount : null,
    requiredUnit: required ? requirement.unit : null,
    requirement: formatRequirement(requirement),
    actualQuantity: item.countedQuantity,
    complianceStatus: item.status,
    expiringSoon: item.expiringSoonBatches.length > 0,
  };
}

/**
 * The vessel's status from its volume requirement rows (a page that holds the rows, today's or
 * "as of", needs no other call): the same rule as vesselStatus, read off the rows.
 */
export function vesselStatusOfRows(rows: readonly { complianceStatus: ItemStatus | string; expiringSoon: boolean }[]): VesselStatus {
  return vesselStatus(rows.map((row) => ({ status: row.complianceStatus, expiringSoonBatches: row.expiringSoon ? [row] : [] })));
}
