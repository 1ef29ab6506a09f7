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

/** An event's business time in epoch milliseconds; a time that is not one is a bug in the log. */
export function businessTimeMs(occurredAt: string): number {
  const at = Date.parse(occurredAt);
  if (Number.isNaN(at)) throw new Error(`Recorded event has no valid occurredAt: ${occurredAt}`);
  return at;
}

/**
 * The end of an "as of" day as an ISO instant (the first instant after it, UTC): an event whose
 * business time is before it happened by the end of that day.
 */
export function asOfEnd(asOf: string): string {
  if (!isIsoDate(asOf)) throw new DomainError('validation', 'Please enter a valid date', { asOf: 'Please enter a valid date' });
  return new Date(endOfDayUtc(asOf)).toISOString();
}

/**
 * Whether eventsAsOf keeps a stream's first events whole for `asOf`, given the latest business
 * time among them (ISO): it does when every one of them happened before the end of the day. A
 * snapshot of that prefix (the chest snapshots) can then stand in for it, and eventsAsOf of the
 * events after it is the rest: together exactly eventsAsOf of the whole stream.
 */
export function prefixKeptAsOf(latestBusinessTime: string, asOf: string): boolean {
  return businessTimeMs(latestBusinessTime) < endOfDayUtc(asOf);
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
    if (businessTimeMs(occurredAt) >= end) break;
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
