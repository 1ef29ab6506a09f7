import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import type { VesselDetails } from './schema';

/**
 * Vessel details as stored in events: the shape of the form's validated output, checked loosely.
 * Stored events were valid when written; if a form rule is tightened later (a shorter maximum, a
 * retired flag state), old events must still read, or that vessel could never be edited again.
 * The form schema (./schema.ts) applies to commands only.
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
}) as unknown as z.ZodType<VesselDetails>;

export const VesselCreated = defineEvent(
  'VesselCreated',
  1,
  z.object({ vesselId: z.string(), details: vesselDetails }),
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
 * A medical chest certificate on record: its expiry date and issuer, and the file's content
 * address (sha256) once certificate upload exists. The vessel's name rides along for the history.
 */
export const CertificateRecorded = defineEvent(
  'CertificateRecorded',
  1,
  z.object({
    vesselId: z.string(),
    vesselName: z.string(),
    expiryDate: z.string(),
    certificateIssuer: z.string(),
    file: z.object({ sha256: z.string(), fileName: z.string(), sizeBytes: z.number().int() }).optional(),
  }),
);

export const vesselEventDefinitions = [VesselCreated, VesselUpdated, VesselDeleted, CertificateRecorded] as const;
export type VesselEvent = EventOf<(typeof vesselEventDefinitions)[number]>;

export const vesselStreamId = (vesselId: string) => `vessel-${vesselId}`;
