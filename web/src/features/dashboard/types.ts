/**
 * Dashboard answers (spec 000 §3). GET /api/dashboard/stats carries both stat shapes: the
 * dashboard cards' and the inventory and compliance pages' (totalInventoryItems, expiringItems).
 */
export interface DashboardStats {
  totalVessels: number;
  compliantVessels: number;
  expiringCertificates: number;
  /** Critical items across the fleet. */
  criticalAlerts: number;
  /** Batches on board across the fleet. */
  totalInventoryItems: number;
  /** Counted batches expiring within 60 days. */
  expiringItems: number;
}

export interface FleetComplianceItem {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: string;
  crewSizeCategory?: number | null;
  complianceStatus: string;
  lastMedicalReview?: string | null;
  medicalChestCertificateExpiry?: string | null;
  fleet?: string | null;
  ownershipCompany?: string | null;
  /** The vessel's item counts (critical, low stock, batches expiring within 60 days). */
  criticalItems: number;
  lowStockItems: number;
  expiringItems: number;
}

export interface ActivityItem {
  id: string;
  activityType: string;
  description: string;
  createdAt: string;
  vesselId?: string | null;
  vessel?: { vesselName?: string | null } | null;
  user?: { firstName?: string | null; lastName?: string | null } | null;
  /** orderNumber, previousStatus, newStatus, certificateIssuer, expiryDate, quantityUsed, reason, quantityRemaining (spec 001 §3). */
  metadata?: Record<string, unknown>;
}
