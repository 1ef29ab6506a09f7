import type { VesselDetails } from './schema';
import type { VesselEvent } from './events';

export type VesselState =
  | { status: 'absent' }
  | {
      status: 'active';
      vesselId: string;
      details: VesselDetails;
      certificate?: VesselCertificate;
      /** Uploads already recorded as a certificate: an upload URL is good for one certificate. */
      recordedUploads?: readonly string[];
    }
  | { status: 'deleted'; vesselId: string };

export interface VesselCertificate {
  expiryDate: string;
  certificateIssuer: string;
  fileSha256?: string;
  /** Set once CertificateExpired is recorded for this certificate. */
  expired?: boolean;
}

export const initialVesselState = (): VesselState => ({ status: 'absent' });

export function evolveVessel(state: VesselState, event: VesselEvent): VesselState {
  switch (event.type) {
    case 'VesselCreated':
      return { status: 'active', vesselId: event.data.vesselId, details: event.data.details };
    case 'VesselUpdated':
      // An edit of the form leaves the certificate on record as it was.
      return state.status === 'active'
        ? { ...state, details: event.data.details }
        : { status: 'active', vesselId: event.data.vesselId, details: event.data.details };
    case 'CertificateRecorded': {
      if (state.status !== 'active') return state;
      const { expiryDate, certificateIssuer, file } = event.data;
      const recordedUploads = file?.uploadId ? [...(state.recordedUploads ?? []), file.uploadId] : state.recordedUploads;
      return { ...state, certificate: { expiryDate, certificateIssuer, fileSha256: file?.sha256 }, recordedUploads };
    }
    case 'CertificateExpired':
      if (state.status !== 'active' || !state.certificate) return state;
      return { ...state, certificate: { ...state.certificate, expired: true } };
    case 'VesselDeleted':
      return { status: 'deleted', vesselId: event.data.vesselId };
  }
}
