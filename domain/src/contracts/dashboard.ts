import type { LineActor } from './actors';
import type { VesselStatus } from '../compliance/status';

/**
 * GET /api/dashboard/stats: both stat shapes of spec 000 §3 in one object, the dashboard cards
 * (totalVessels, compliantVessels, expiringCertificates, criticalAlerts) and the inventory and
 * compliance pages (totalInventoryItems, criticalAlerts, compliantVessels, totalVessels, expiringItems).
 */
export interface DashboardStats {
  totalVessels: number;
  compliantVessels: number;
  expiringCertificates: number;
  /** Required items with nothing counted on board, across the fleet. */
  criticalAlerts: number;
  /** Batches on board (quantity above zero, expired or not), across the fleet. */
  totalInventoryItems: number;
  /** Counted batches of required items expiring within 60 days, across the fleet. */
  expiringItems: number;
}

/** One row of GET /api/dashboard/fleet-compliance: spec 000 §3 "Fleet compliance item", with the chest figures. */
export interface FleetComplianceItem {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: string;
  crewSizeCategory: number;
  complianceStatus: VesselStatus;
  lastMedicalReview: string | null;
  medicalChestCertificateExpiry: string | null;
  fleet: string | null;
  ownershipCompany: string | null;
  /** Required items with nothing counted on board. */
  criticalItems: number;
  /** Required items with less than required counted on board. */
  lowStockItems: number;
  /** Counted batches of required items expiring within 60 days. */
  expiringItems: number;
}

/**
 * GET /api/dashboard/fleet-compliance?limit=N[&after=cursor]: one page of the same list, in the same
 * order (vessel name), and the cursor of the next page in the x-next-cursor header (none: the last
 * page). Without limit or after, the whole list, as the specification has it.
 */
export const DEFAULT_FLEET_COMPLIANCE_PAGE_SIZE = 50;
export const MAX_FLEET_COMPLIANCE_PAGE_SIZE = 500;

/** An activity item of GET /api/dashboard/all-activities (spec 000 §3 / 001 §3). */
export interface Activity {
  id: string;
  activityType: string;
  description: string;
  createdAt: string;
  vesselId: string | null;
  /** Still named after the vessel is deleted. */
  vessel: { vesselName: string } | null;
  /** The user who did it; null for the system (seeding) or an account no longer known. */
  user: LineActor;
  /** orderNumber, previousStatus, newStatus, certificateIssuer, expiryDate, quantityUsed, reason, quantityRemaining (spec 001 §3). */
  metadata: Record<string, unknown>;
}
