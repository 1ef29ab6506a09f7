import { isIsoDate } from '../shared/dates';
import { DomainError } from '../shared/errors';
import type { InventoryEvent } from './events';
import { foldInventory, type InventoryBatch } from './state';

/** An inventory event with the moment it was decided (its metadata's occurredAt, ISO-8601). */
export interface RecordedInventoryEvent {
  event: InventoryEvent;
  occurredAt: string;
}

/** The first instant after the end of a YYYY-MM-DD day in UTC, in epoch milliseconds. */
function endOfDayUtc(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) + 86_400_000;
}

/**
 * The events of a stream as it stood at the end of `asOf` (YYYY-MM-DD, a day in UTC like the
 * product's "today"), from its recorded events in stream order. Any stream's "as of" is this.
 *
 * It keeps the events up to the first one that occurred after that day and stops there, rather
 * than picking every event stamped on or before it: the result is always a state the stream
 * really went through, even if the clocks of two servers once disagreed and a later event carries
 * an earlier time.
 */
export function eventsAsOf<E>(recorded: readonly { event: E; occurredAt: string }[], asOf: string): E[] {
  if (!isIsoDate(asOf)) throw new DomainError('validation', 'Please enter a valid date', { asOf: 'Please enter a valid date' });
  const end = endOfDayUtc(asOf);
  const events: E[] = [];
  for (const { event, occurredAt } of recorded) {
    const at = Date.parse(occurredAt);
    if (Number.isNaN(at)) throw new Error(`Recorded event has no valid occurredAt: ${occurredAt}`);
    if (at >= end) break;
    events.push(event);
  }
  return events;
}

/**
 * The batches on record at the end of `asOf` (YYYY-MM-DD, UTC), in the order they were added:
 * what the auditor's "View as of" shows, with that date as the compliance rules' "today".
 */
export function batchesAsOf(recorded: readonly RecordedInventoryEvent[], asOf: string): InventoryBatch[] {
  return foldInventory(eventsAsOf(recorded, asOf));
}
