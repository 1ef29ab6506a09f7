import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { vesselFormSchema } from './schema';

/** Vessel details as stored in events: the form's validated output. */
const vesselDetails = vesselFormSchema;

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
