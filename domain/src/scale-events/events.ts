import { z } from 'zod';
import type { StatedQuantity } from '../scale/quantity';
import { RULE_FLAGS } from '../scale/ruleFlags';
import { MEDICAL_CATEGORIES, SCALE_ITEM_KINDS, type Scale, type ScaleItem } from '../scale/scale';
import { isIsoDate } from '../shared/dates';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * Scales as events. A scale is one published table of what ships must carry (the shipped WHO
 * IMGS transcription, a flag state's own table); each is imported once under its own id, on the
 * stream scale-{scaleId}, and each vessel's requirements follow the scale assigned to it.
 *
 * ScaleImported stores the parsed items, not the CSV text:
 * - the event is the fact "these are the requirements this scale states", complete in itself.
 *   Projections and the "as of" view read it without running the CSV parser again, so a later
 *   change to parseScaleCsv (a new quantity form, a corrected reading) can never silently change
 *   the requirements of a scale already in use, nor what an auditor sees for a past date;
 * - nothing is lost for people: every quantity keeps its cell as written (`raw`), and the notes,
 *   basis and source columns are kept as text;
 * - csvSha256 ties the event to the exact file the admin uploaded; the file itself belongs in the
 *   content-addressed file store, as certificate PDFs do, not in the event log. A table of ~150
 *   rows is some 60 kB of JSON, acceptable for an event that happens a few times a year.
 */

const measure = z.object({ amount: z.number().nonnegative(), unit: z.string().min(1) });

/** A quantity cell as parseQuantity reads it (see scale/quantity.ts). */
export const statedQuantitySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('amount'),
    amount: z.number().nonnegative(),
    unit: z.string().nullable(),
    plus: z.boolean(),
    packSize: measure.optional(),
    equivalent: measure.optional(),
    raw: z.string(),
  }),
  z.object({ kind: z.literal('not_carried'), raw: z.string() }),
  z.object({ kind: z.literal('not_set'), raw: z.string() }),
]);

const [categoryA, categoryB, categoryC] = MEDICAL_CATEGORIES;

/** One row of a scale as parseScaleCsv produces it (see scale/scale.ts). */
export const scaleItemSchema = z.object({
  id: z.string().min(1),
  section: z.string().min(1),
  kind: z.enum(SCALE_ITEM_KINDS),
  description: z.string().min(1),
  formStrength: z.string(),
  unit: z.string().nullable(),
  quantities: z.object({
    [categoryA]: statedQuantitySchema,
    [categoryB]: statedQuantitySchema,
    [categoryC]: statedQuantitySchema,
  }),
  qtyPer10Crew: statedQuantitySchema,
  ruleFlags: z.array(z.enum(RULE_FLAGS)),
  perCrew: z.string(),
  notes: z.string(),
  source: z.string(),
});

// The schemas describe exactly the domain's types, both ways: a change to ScaleItem or
// StatedQuantity that the event schema does not follow fails the build here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const itemSchemaMatchesScaleItem: Same<z.infer<typeof scaleItemSchema>, ScaleItem> = true;
const quantitySchemaMatchesStatedQuantity: Same<z.infer<typeof statedQuantitySchema>, StatedQuantity> = true;
void itemSchemaMatchesScaleItem;
void quantitySchemaMatchesStatedQuantity;

/** An admin's (or the product's) import of a scale: its metadata and every item, parsed. */
export const ScaleImported = defineEvent(
  'ScaleImported',
  1,
  z
    .object({
      scaleId: z.string().min(1),
      name: z.string().min(1),
      /** Where the figures come from, shown wherever quantities are. */
      source: z.string(),
      effectiveDate: z.string().refine(isIsoDate, 'Expected a calendar date as YYYY-MM-DD'),
      /** sha256 of the CSV file as uploaded, lower-case hex. */
      csvSha256: z.string().regex(/^[0-9a-f]{64}$/, 'Expected a sha256 as 64 lower-case hex digits'),
      itemCount: z.number().int().positive(),
      items: z.array(scaleItemSchema),
    })
    .superRefine((data, ctx) => {
      if (data.items.length !== data.itemCount) {
        ctx.addIssue({ code: 'custom', path: ['itemCount'], message: `itemCount is ${data.itemCount} but there are ${data.items.length} items` });
      }
      const seen = new Set<string>();
      data.items.forEach((item, i) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: `Item id ${item.id} appears twice` });
        seen.add(item.id);
      });
    }),
);

/**
 * The scale a vessel's requirements follow from now on. A vessel with no assignment follows the
 * shipped scale. It has its own stream per vessel (vesselScale-{vesselId}) rather than the
 * vessel's, so the vessel decider and its history are untouched; "as of" a date, the assignment
 * then in force is the last one on that stream up to that day, like the batches.
 */
export const VesselScaleAssigned = defineEvent(
  'VesselScaleAssigned',
  1,
  z.object({
    vesselId: z.string(),
    scaleId: z.string().min(1),
    /** The scale's name then, for the activity feed and the auditor (a scale id is a slug). */
    scaleName: z.string().optional(),
  }),
);

export const scaleEventDefinitions = [ScaleImported, VesselScaleAssigned] as const;
export type ScaleEvent = EventOf<(typeof scaleEventDefinitions)[number]>;
export type ScaleImportedData = Extract<ScaleEvent, { type: 'ScaleImported' }>['data'];

export const scaleStreamId = (scaleId: string) => `scale-${scaleId}`;
export const vesselScaleStreamId = (vesselId: string) => `vesselScale-${vesselId}`;

/** The event data of a parsed scale and the hash of the file it was read from. */
export function scaleImportedData(scale: Scale, csvSha256: string): ScaleImportedData {
  const { id, name, source, effectiveDate, items } = scale;
  return { scaleId: id, name, source, effectiveDate, csvSha256, itemCount: items.length, items };
}

/** The scale an import recorded, as the requirement rules take it. */
export function scaleOf(data: ScaleImportedData): Scale {
  const { scaleId, name, source, effectiveDate, items } = data;
  return { id: scaleId, name, source, effectiveDate, items };
}
