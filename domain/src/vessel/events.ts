import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS } from '../scale/profile';
import { MEDICAL_CATEGORIES } from '../scale/scale';
import { defineEvent, type EventOf } from '../shared/events';
import type { VesselDetails } from './schema';

/**
 * Vessel details as stored in events: the shape of the form's validated output, checked loosely.
 * Stored events were valid when written; if a form rule is tightened later (a shorter maximum, a
 * retired flag state), old events must still read, or that vessel could never be edited again.
 * The form schema (./schema.ts) applies to commands only.
 *
 * The medical profile fields came later (issue 3): an event recorded before them reads with the
 * form's defaults (category A, no women on board, no dangerous goods), which is what such a vessel
 * was assumed to be. So state, read models and the unchanged-save check all see the same values,
 * and an edit that sends those defaults is no change. The category stays one of A/B/C: the
 * required quantities are looked up by it, so any other value would be a bug, not history.
 */
const optional = z.string().optional();
const vesselDetails = z.object({
  vesselName: z.string(),
  imoNumber: z.string(),
  flagState: z.string(),
  crewSizeCategory: z.number(),
  contactName: optional,
  contactPhone: optional,
  contactEmail: optional,
  fleet: optional,
  ownershipCompany: optional,
  ownershipContactEmail: optional,
  vesselType: optional,
  onboardingDate: optional,
  contractEndDate: optional,
  medicalCategory: z.enum(MEDICAL_CATEGORIES).default(NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS.medicalCategory),
  womenOnBoard: z.boolean().default(NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS.womenOnBoard),
  carriesDangerousGoods: z.boolean().default(NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS.carriesDangerousGoods),
}) as unknown as z.ZodType<VesselDetails>;

/**
 * `assignedTo`: the fleet manager who created the vessel, to whom it is assigned by this same
 * event (issue 9: a fleet manager keeps sight of what they create). Absent for admins and the seed.
 */
export const VesselCreated = defineEvent(
  'VesselCreated',
  1,
  z.object({ vesselId: z.string(), details: vesselDetails, assignedTo: z.string().optional() }),
);
/** The full set of details after an edit (the form always sends them all), not a diff. */
export const VesselUpdated = defineEvent(
  'VesselUpdated',
  1,
  z.object({ vesselId: z.string(), details: vesselDetails }),
);
/** The name rides along so the history still reads well once the vessel is gone. */
export const VesselDeleted = defineEvent(
  'VesselDeleted',
  1,
  z.object({ vesselId: z.string(), vesselName: z.string() }),
);

/**
 * A medical chest certificate on record: its expiry date, issuer and (when given) issue date, and
 * the file by its content address (sha256: the bytes live in the file store, never in the log).
 * `uploadId` names the upload it came from, so one upload URL records one certificate only.
 * Certificates recorded before upload existed have no file. Who and when are in the metadata. The
 * vessel's name rides along for the history.
 */
export const CertificateRecorded = defineEvent(
  'CertificateRecorded',
  1,
  z.object({
    vesselId: z.string(),
    vesselName: z.string(),
    expiryDate: z.string(),
    certificateIssuer: z.string(),
    issueDate: z.string().optional(),
    file: z
      .object({ sha256: z.string(), fileName: z.string(), sizeBytes: z.number().int(), uploadId: z.string().optional() })
      .optional(),
  }),
);

/**
 * The certificate on record passed its expiry date (found by the daily scan, `expiredOn` the day
 * of the scan). At most one per recorded certificate: a renewal makes a new one that can expire.
 */
export const CertificateExpired = defineEvent(
  'CertificateExpired',
  1,
  z.object({
    vesselId: z.string(),
    vesselName: z.string(),
    expiryDate: z.string(),
    certificateIssuer: z.string(),
    expiredOn: z.string(),
  }),
);

export const vesselEventDefinitions = [VesselCreated, VesselUpdated, VesselDeleted, CertificateRecorded, CertificateExpired] as const;
export type VesselEvent = EventOf<(typeof vesselEventDefinitions)[number]>;

export const isVesselEvent = eventGuard<VesselEvent>(vesselEventDefinitions);
export const vesselStreamId = (vesselId: string) => `vessel-${vesselId}`;
