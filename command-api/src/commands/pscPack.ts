import {
  businessTimeOf,
  eventsAsOf,
  isoToday,
  isOrderEvent,
  notInFleetForPack,
  parsePscPackDate,
  pscPackDocument,
  pscPackFileName,
  type ExistingOrder,
  type PscStreamHead,
  evolveOrder,
  initialOrderState,
} from '@medchest/domain';
import { pscPackPdf } from '@medchest/domain/psc-pack/pscPackPdf';
import { comparePositions, LOG_START, type LogPosition, type RecordedEvent } from '@medchest/eventstore';
import { packDigest } from '../history/packDigest';
import type { AppDeps } from './context';
import { vesselFactsAt } from './generateReport';
import { vesselStreams } from './history';
import { streamEventsAsOf } from './scaleInForce';

/**
 * GET /api/vessels/{id}/psc-pack?date=YYYY-MM-DD (issue 13): the port state control pack for one
 * day. Every stream of the vessel is read from the event store and cut at the end of that day (on
 * the business date, metadata.occurredAt); the vessel's facts are the report's (vesselFactsAt), the
 * open orders are its order streams folded to that day, and the heads reached are printed with
 * their digest. Nothing depends on the clock but the check that the day is not in the future, so
 * the same history gives the same bytes.
 */
export async function pscPack(
  deps: AppDeps,
  historyKey: Buffer,
  vesselId: string,
  dateQuery: unknown,
  now: Date,
): Promise<{ body: Buffer; fileName: string }> {
  const date = parsePscPackDate(dateQuery, isoToday(now));
  // 404 for a vessel that never existed (the access check has already answered outside scope).
  const streams = await vesselStreams(deps, vesselId);
  const read = await vesselFactsAt(deps, vesselId, date);
  if (!read) throw notInFleetForPack(date);

  const cut = await Promise.all(
    streams.map(async (streamId) => {
      const recorded = await deps.store.readStream(streamId);
      return { streamId, kept: eventsAsOf(recorded.map((event) => ({ event, occurredAt: businessTimeOf(event.metadata) })), date) };
    }),
  );
  const heads: PscStreamHead[] = [];
  let position: LogPosition = LOG_START;
  const orders: ExistingOrder[] = [];
  for (const { streamId, kept } of cut) {
    const last = kept.at(-1);
    if (!last) continue;
    heads.push({ streamId, revision: last.revision.toString(), hash: last.hash });
    position = latest(position, kept);
    const order = orderOf(kept);
    if (order && order.vesselId === vesselId) orders.push(order);
  }
  const document = pscPackDocument({
    date,
    facts: read.facts,
    orders,
    heads,
    logPosition: `${position.commit}:${position.event}`,
    ...packDigest(historyKey, heads),
  });
  return { body: Buffer.from(await pscPackPdf(document)), fileName: pscPackFileName(read.facts.vesselName, date) };
}

/** The order a stream's kept events make, when the stream is an order's (it opens with OrderCreated). */
function orderOf(kept: readonly RecordedEvent[]): ExistingOrder | undefined {
  if (kept[0].type !== 'OrderCreated') return undefined;
  const state = streamEventsAsOf(kept, undefined, isOrderEvent).reduce(evolveOrder, initialOrderState());
  return state.status === 'absent' ? undefined : state;
}

function latest(position: LogPosition, events: readonly RecordedEvent[]): LogPosition {
  return events.reduce((at, event) => (comparePositions(event.position, at) > 0 ? event.position : at), position);
}
