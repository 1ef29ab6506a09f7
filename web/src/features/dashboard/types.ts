/** Dashboard answers (spec 000 §3). */
export interface DashboardStats {
  totalVessels: number;
  compliantVessels: number;
  expiringCertificates: number;
  criticalAlerts: number;
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
}

export interface ActivityItem {
  id: string;
  activityType: string;
  description: string;
  createdAt: string;
  vesselId?: string | null;
  vessel?: { vesselName?: string | null } | null;
  user?: { firstName?: string | null; lastName?: string | null } | null;
}
