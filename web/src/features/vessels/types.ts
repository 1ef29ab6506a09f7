import type { FlagState, MedicalCategory, VesselType } from '@medchest/domain';

/** A vessel as GET /api/vessels and /api/vessels/{id} answer it (spec 000 §3). */
export interface Vessel {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: FlagState | string;
  crewSizeCategory: number;
  contactName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
  fleet?: string | null;
  vesselType?: VesselType | string | null;
  ownershipCompany?: string | null;
  ownershipContactEmail?: string | null;
  onboardingDate?: string | null;
  contractEndDate?: string | null;
  lastMedicalReview?: string | null;
  medicalChestCertificatePath?: string | null;
  medicalChestCertificateExpiry?: string | null;
  certificateIssuer?: string | null;
  certificateExpiry?: string | null;
  /** The medical profile (issue 3); optional so a vessel answered without it reads as the defaults. */
  medicalCategory?: MedicalCategory;
  womenOnBoard?: boolean;
  carriesDangerousGoods?: boolean;
}
