import type { VesselStatus } from './status';

/** What the fleet summary needs of each vessel's chest (a VesselChest, or a read-model row). */
export interface VesselChestSummary {
  status: VesselStatus;
  criticalItems: number;
  /** Number of counted batches of required items expiring within 60 days. */
  expiringBatches: number;
}

export interface FleetComplianceSummary {
  totalVessels: number;
  compliantVessels: number;
  /** compliantVessels / totalVessels as a whole percentage, rounded; 0 for an empty fleet. */
  compliancePercentage: number;
  /** Batches expiring within 60 days, across the fleet. */
  expiringItems: number;
  /** Critical items, across the fleet. */
  criticalAlerts: number;
}

/**
 * Whether a vessel counts as compliant in the fleet figures: its status is exactly 'Compliant'.
 * An 'Expiring Soon' vessel meets its requirements today but has stock to replace within 60 days;
 * it is counted among expiring items, not among compliant vessels, so the card agrees with the
 * number of "Compliant" badges in the list.
 */
export function countsAsCompliant(status: VesselStatus): boolean {
  return status === 'Compliant';
}

/** Compliance percentage: compliant / total × 100, rounded to a whole number (0 when total is 0). */
export function compliancePercentage(compliantVessels: number, totalVessels: number): number {
  return totalVessels === 0 ? 0 : Math.round((compliantVessels / totalVessels) * 100);
}

export function fleetComplianceSummary(vessels: readonly VesselChestSummary[]): FleetComplianceSummary {
  let compliantVessels = 0;
  let expiringItems = 0;
  let criticalAlerts = 0;
  for (const v of vessels) {
    if (countsAsCompliant(v.status)) compliantVessels++;
    expiringItems += v.expiringBatches;
    criticalAlerts += v.criticalItems;
  }
  return {
    totalVessels: vessels.length,
    compliantVessels,
    compliancePercentage: compliancePercentage(compliantVessels, vessels.length),
    expiringItems,
    criticalAlerts,
  };
}

/** The summary figures of one evaluated chest. */
export function summarizeChest(chest: { status: VesselStatus; criticalItems: number; expiringBatches: readonly unknown[] }): VesselChestSummary {
  return { status: chest.status, criticalItems: chest.criticalItems, expiringBatches: chest.expiringBatches.length };
}
