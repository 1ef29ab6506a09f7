import type { DomainEvent, DomainEventType, EventMetadata } from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import type { Transaction } from 'kysely';
import type { ReadModelDb } from './db';

/** A recorded event, parsed (upcast and validated) into the domain's typed union. */
export type ProjectedEvent = DomainEvent & {
  /** The event id (UUID): idempotency key of rows made from one event. */
  id: string;
  streamId: string;
  /** The event's revision within its stream. */
  revision: bigint;
  position: LogPosition;
  metadata: EventMetadata;
};

export type EventOfType<T extends DomainEventType> = Extract<ProjectedEvent, { type: T }>;

/**
 * A read model: the tables it owns and one handler that applies a batch of events (in log order)
 * inside the runner's transaction. Handlers are idempotent (upserts keyed by ids) and never call
 * out: no mail, no HTTP.
 */
export interface Projection {
  /** Stable name: its checkpoint row and its advisory lock are keyed by it. */
  name: string;
  /** Event types it reads; it is never handed any other (its checkpoint still moves past them). */
  eventTypes: readonly DomainEventType[];
  /** Tables it owns: made anew by a rebuild. */
  tables: readonly (keyof ReadModelDb)[];
  /**
   * Indexes of its tables that only the reads use, never its own handler: a rebuild builds them
   * once the rows are loaded instead of keeping them up to date row by row.
   */
  deferredIndexes?: readonly string[];
  apply(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]): Promise<void>;
}

export function defineProjection(projection: Projection): Projection {
  return projection;
}

/** Split rows into statements of at most `size` rows (PostgreSQL allows 65,535 parameters per statement). */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** undefined → null, for optional event fields going into nullable columns. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
