import { isIsoDate } from '../shared/dates';
import type { Decider } from '../shared/decider';
import { CERTIFICATE_MESSAGES } from '../certificate/rules';
import { DomainError } from '../shared/errors';
import type { VesselEvent } from './events';
import type { VesselDetails } from './schema';
import { evolveVessel, initialVesselState, type VesselState } from './state';

export type VesselCommand =
  | { type: 'CreateVessel'; vesselId: string; details: VesselDetails; assignTo?: string }
  | { type: 'UpdateVessel'; vesselId: string; details: VesselDetails }
  | { type: 'DeleteVessel'; vesselId: string }
  | {
      type: 'RecordCertificate';
      vesselId: string;
      expiryDate: string;
      certificateIssuer: string;
      issueDate?: string;
      file?: { sha256: string; fileName: string; sizeBytes: number; uploadId?: string };
    }
  /** From the daily scan: `today` is the scan's day (YYYY-MM-DD). */
  | { type: 'ExpireCertificate'; vesselId: string; today: string };

/** The 404 of every call about a vessel that does not exist (or was deleted), API-wide. */
export const vesselNotFound = () => new DomainError('not_found', 'Vessel not found');

/** Same details, field by field; key order and absent-vs-undefined do not count as a change. */
function sameDetails(a: VesselDetails, b: VesselDetails): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof VesselDetails>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

export function decideVessel(command: VesselCommand, state: VesselState): VesselEvent[] {
  switch (command.type) {
    case 'CreateVessel':
      if (state.status !== 'absent') throw new DomainError('conflict', 'Vessel already exists');
      return [
        {
          type: 'VesselCreated',
          data: { vesselId: command.vesselId, details: command.details, ...(command.assignTo ? { assignedTo: command.assignTo } : {}) },
        },
      ];
    case 'UpdateVessel':
      if (state.status !== 'active') throw vesselNotFound();
      // Saving an unchanged form is not a fact worth recording.
      if (sameDetails(state.details, command.details)) return [];
      return [{ type: 'VesselUpdated', data: { vesselId: command.vesselId, details: command.details } }];
    case 'DeleteVessel':
      if (state.status !== 'active') throw vesselNotFound();
      return [
        { type: 'VesselDeleted', data: { vesselId: command.vesselId, vesselName: state.details.vesselName } },
      ];
    case 'RecordCertificate': {
      if (state.status !== 'active') throw vesselNotFound();
      const { vesselId, expiryDate, file } = command;
      const certificateIssuer = command.certificateIssuer.trim();
      if (!isIsoDate(expiryDate) || !certificateIssuer) {
        throw new DomainError(
          'validation',
          'Missing Information: Please select a file, set an expiry date, and specify the certificate issuer',
        );
      }
      if (file?.uploadId && state.recordedUploads?.includes(file.uploadId)) {
        throw new DomainError('validation', CERTIFICATE_MESSAGES.uploadExpired, { certificateURL: CERTIFICATE_MESSAGES.uploadExpired });
      }
      if (command.issueDate !== undefined && !isIsoDate(command.issueDate)) {
        throw new DomainError('validation', 'Please enter a valid issue date', { issueDate: 'Please enter a valid issue date' });
      }
      const vesselName = state.details.vesselName;
      const issueDate = command.issueDate ? { issueDate: command.issueDate } : {};
      return [
        { type: 'CertificateRecorded', data: { vesselId, vesselName, expiryDate, certificateIssuer, ...issueDate, ...(file ? { file } : {}) } },
      ];
    }
    case 'ExpireCertificate': {
      // Nothing to do is not an error: the scan asks about every certificate it finds past due,
      // and a rerun, a second worker or a renewal since all leave nothing to record.
      if (state.status !== 'active' || !state.certificate || state.certificate.expired) return [];
      const { expiryDate, certificateIssuer } = state.certificate;
      if (!(expiryDate < command.today)) return [];
      return [
        {
          type: 'CertificateExpired',
          data: { vesselId: command.vesselId, vesselName: state.details.vesselName, expiryDate, certificateIssuer, expiredOn: command.today },
        },
      ];
    }
  }
}

export const vesselDecider: Decider<VesselCommand, VesselState, VesselEvent> = {
  decide: decideVessel,
  evolve: evolveVessel,
  initialState: initialVesselState,
};
