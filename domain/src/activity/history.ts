/**
 * A vessel's history as an auditor reads it: a label per kind of event, and the names of the
 * vessel fields whose before and after values the timeline shows. Events this version has no label
 * for still read: their type is spelt out ("OrderStatusChanged" → "Order status changed").
 */
const HISTORY_EVENT_LABELS: Record<string, string> = {
  VesselCreated: 'Vessel added to the fleet',
  VesselUpdated: 'Vessel details updated',
  VesselDeleted: 'Vessel removed from the fleet',
  CertificateRecorded: 'Certificate recorded',
  CertificateExpired: 'Certificate expired',
  BatchAdded: 'Batch added',
  BatchAdjusted: 'Quantity changed',
  BatchUsageRecorded: 'Usage recorded',
  BatchRemoved: 'Batch removed',
  InventoryImported: 'Inventory imported',
  VesselScaleAssigned: 'Medical scale assigned',
  VesselImoClaimed: 'IMO number claimed',
  VesselImoReleased: 'IMO number released',
  OrderCreated: 'Order created',
  OrderStatusChanged: 'Order status changed',
  OrderVendorAssigned: 'Order sent to a supplier',
  OrderItemsReceived: 'Order received on board',
};

export function historyEventLabel(type: string): string {
  const known = HISTORY_EVENT_LABELS[type];
  if (known) return known;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The vessel fields an edit can change, with the words the forms use for them. */
export const VESSEL_FIELD_LABELS: Record<string, string> = {
  vesselName: 'Vessel name',
  imoNumber: 'IMO number',
  flagState: 'Flag state',
  crewSizeCategory: 'Crew size',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  contactEmail: 'Contact email',
  fleet: 'Fleet',
  ownershipCompany: 'Company',
  ownershipContactEmail: 'Ownership contact email',
  vesselType: 'Vessel type',
  onboardingDate: 'Onboarding date',
  contractEndDate: 'Contract end date',
  medicalCategory: 'Medical category',
  womenOnBoard: 'Women on board',
  carriesDangerousGoods: 'Carries dangerous goods',
};

/** One value that an event changed: what it was before (null: not set) and after. */
export interface HistoryChange {
  field: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

type Scalar = string | number | boolean | null;
const scalar = (value: unknown): Scalar =>
  value === undefined || value === null ? null : typeof value === 'object' ? JSON.stringify(value) : (value as Scalar);

/** The fields that differ between two sets of details, labelled, in the form's order. */
export function detailChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): HistoryChange[] {
  const fields = [...new Set([...Object.keys(VESSEL_FIELD_LABELS), ...Object.keys(after), ...Object.keys(before ?? {})])];
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const was = scalar(before?.[field]);
    const now = scalar(after[field]);
    if (was === now) continue;
    changes.push({ field: VESSEL_FIELD_LABELS[field] ?? field, before: was, after: now });
  }
  return changes;
}
