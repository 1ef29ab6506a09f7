import type { MedicalCategory } from '../scale/scale';

/**
 * The answers of the API, defined once: the server's queries return them and the web imports
 * them (never restates them). Plain types, no I/O.
 */

/** A vessel as GET /api/vessels and /api/vessels/{id} answer it (spec 000 §3): absent values are null, dates 'YYYY-MM-DD', times ISO. */
export interface Vessel {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: string;
  crewSizeCategory: number;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  fleet: string | null;
  vesselType: string | null;
  ownershipCompany: string | null;
  ownershipContactEmail: string | null;
  onboardingDate: string | null;
  contractEndDate: string | null;
  lastMedicalReview: string | null;
  medicalChestCertificatePath: string | null;
  medicalChestCertificateExpiry: string | null;
  certificateIssuer: string | null;
  certificateExpiry: string | null;
  /** The medical profile the required quantities follow (issue 3). */
  medicalCategory: MedicalCategory;
  womenOnBoard: boolean;
  carriesDangerousGoods: boolean;
  createdAt: string;
  updatedAt: string;
}
