/** Flag states the product supports, with the labels the screens show (spec 000 §3). */
export const FLAG_STATES = ['IMGS', 'PANAMA', 'LIBERIA', 'MARSHALL_ISLANDS', 'BAHAMAS'] as const;
export type FlagState = (typeof FLAG_STATES)[number];
export const FLAG_STATE_LABELS: Record<FlagState, string> = {
  IMGS: 'IMGS',
  PANAMA: 'Panama',
  LIBERIA: 'Liberia',
  MARSHALL_ISLANDS: 'Marshall Islands',
  BAHAMAS: 'Bahamas',
};

/** Vessel types, with their labels (spec 000 §3). */
export const VESSEL_TYPES = [
  'BULK_CARRIER',
  'OIL_TANKER',
  'OIL_CHEMICAL_TANKER',
  'GAS_CARRIER',
  'CLASS_A_BULK_CARRIER',
  'CLASS_A_CRUDE_OIL',
  'CLASS_A_CARGO',
] as const;
export type VesselType = (typeof VESSEL_TYPES)[number];
export const VESSEL_TYPE_LABELS: Record<VesselType, string> = {
  BULK_CARRIER: 'Bulk Carrier',
  OIL_TANKER: 'Oil Tanker',
  OIL_CHEMICAL_TANKER: 'Oil Chemical Tanker',
  GAS_CARRIER: 'Gas Carrier',
  CLASS_A_BULK_CARRIER: 'Class A Bulk Carrier',
  CLASS_A_CRUDE_OIL: 'Class A Crude Oil',
  CLASS_A_CARGO: 'Class A Cargo',
};

/** A label for any stored value; unknown values are shown as they are rather than hidden. */
export function flagStateLabel(value: string): string {
  return (FLAG_STATE_LABELS as Record<string, string>)[value] ?? value;
}
export function vesselTypeLabel(value: string): string {
  return (VESSEL_TYPE_LABELS as Record<string, string>)[value] ?? value;
}
