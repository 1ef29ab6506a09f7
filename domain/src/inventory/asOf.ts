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
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1);
}

/**
 * The batches on record at the end of `asOf` (YYYY-MM-DD, a day in UTC like the product's
 * "today"), from the stream's events in stream order: what the auditor's "View as of" shows.
 *
 * It folds the stream's events up to the first one that occurred after that day and stops there,
 * rather than picking every event stamped on or before it: the result is always a state the
 * stream really went through, even if clocks of two servers once disagreed and a later event
 * carries an earlier time.
 */
export function batchesAsOf(recorded: readonly RecordedInventoryEvent[], asOf: string): InventoryBatch[] {
  if (!isIsoDate(asOf)) throw new DomainError('validation', 'Please enter a valid date', { asOf: 'Please enter a valid date' });
  const end = endOfDayUtc(asOf);
  let count = 0;
  for (const { occurredAt } of recorded) {
    const at = Date.parse(occurredAt);
    if (Number.isNaN(at)) throw new Error(`Recorded inventory event has no valid occurredAt: ${occurredAt}`);
    if (at >= end) break;
    count++;
  }
  return foldInventory(eventsOf(recorded, count));
}

function* eventsOf(recorded: readonly RecordedInventoryEvent[], count: number): Generator<InventoryEvent> {
  for (let i = 0; i < count; i++) yield recorded[i].event;
}
