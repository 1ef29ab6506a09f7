import {
  inventoryStreamId,
  isIsoDate,
  isKnownEventType,
  vesselNotFound,
  vesselScaleStreamId,
  vesselStreamId,
} from '@medchest/domain';
import { decodeActivityCursor } from '@medchest/projections';
import { z } from 'zod';
import { verifyHistory, type HistoryVerification } from '../history/verify';
import { listVesselHistory, listVesselStreams } from '../readModels';
import type { AppDeps } from './context';

/**
 * A vessel's history for the auditor: the timeline (from the vessel-history read model) and the
 * check of its hash chains (from the event store itself, never from a read model).
 */

const emptyAsAbsent = (v: unknown) => (v === undefined || v === '' ? undefined : v);
const INVALID_DATE = 'Please enter a valid date';
const day = z.preprocess(emptyAsAbsent, z.string().refine(isIsoDate, INVALID_DATE).optional());

export const historyQuerySchema = z
  .object({
    type: z.preprocess(emptyAsAbsent, z.string().refine(isKnownEventType, 'Please select a valid event type').optional()),
    from: day,
    to: day,
    limit: z.preprocess(
      emptyAsAbsent,
      z.coerce.number().int('limit must be a whole number from 1 to 1000').min(1, 'limit must be a whole number from 1 to 1000').max(1000, 'limit must be a whole number from 1 to 1000').optional(),
    ),
    before: z.preprocess(
      emptyAsAbsent,
      z
        .string()
        .transform((text, ctx) => {
          const cursor = decodeActivityCursor(text);
          if (!cursor) ctx.addIssue({ code: 'custom', message: 'before must be the cursor of an earlier page' });
          return cursor;
        })
        .optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date', path: ['to'] });

/** Every stream that holds the vessel's events: its own three, and any other naming it. */
export async function vesselStreams(deps: AppDeps, vesselId: string): Promise<string[]> {
  const own = [vesselStreamId(vesselId), inventoryStreamId(vesselId), vesselScaleStreamId(vesselId)];
  const known = await listVesselStreams(deps.db, vesselId);
  if (known.length === 0) {
    // Not projected yet, or no such vessel: the event store decides.
    const created = await deps.store.readStream(own[0], { maxCount: 1 });
    if (created.length === 0) throw vesselNotFound();
  }
  return [...new Set([...own, ...known])].sort();
}

export async function vesselHistory(deps: AppDeps, vesselId: string, query: unknown) {
  await vesselStreams(deps, vesselId);
  const filter = historyQuerySchema.parse(query ?? {});
  return listVesselHistory(deps.db, vesselId, filter);
}

export async function verifyVesselHistory(deps: AppDeps, key: Buffer, vesselId: string, now: Date): Promise<HistoryVerification> {
  const streams = await vesselStreams(deps, vesselId);
  return verifyHistory({ store: deps.store, db: deps.db }, key, streams, now);
}

