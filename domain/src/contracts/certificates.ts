/** One recorded certificate as GET /api/vessels/{id}/certificates and /api/certificates answer it. */
export interface CertificateRecord {
  id: string;
  vesselId: string;
  vesselName: string;
  expiryDate: string;
  issueDate: string | null;
  certificateIssuer: string;
  fileName: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  hasFile: boolean;
  recordedBy: string | null;
  recordedAt: string;
  expiredOn: string | null;
}

/** A vessel of the caller's scope with its certificate on record (GET /api/certificates). */
export interface VesselCertificateRow {
  vesselId: string;
  vesselName: string;
  imoNumber: string;
  fleet: string | null;
  ownershipCompany: string | null;
  certificate: CertificateRecord | null;
}
