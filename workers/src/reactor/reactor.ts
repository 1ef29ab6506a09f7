import type { DomainEventType, EventData, EventMetadata } from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';

/** An event as a reactor sees it: upcast and validated, with what identifies it in the log. */
export interface ReactorEvent<T extends DomainEventType = DomainEventType> {
  /** The event id: also the id of the job it causes, so a replay never makes a second job. */
  id: string;
  type: T;
  streamId: string;
  data: EventData<T>;
  metadata: EventMetadata;
  position: LogPosition;
}

/** The job an event turns into. Its id is always the causing event's id. */
export interface JobRequest<D> {
  /** The job's name within its queue (what the processor may switch on, and what dashboards show). */
  name: string;
  data: D;
}

export type ReactorHandlers<D> = {
  /** May read what it needs to render the job (the causing stream, a user's email): then async. */
  [T in DomainEventType]?: (event: ReactorEvent<T>) => JobRequest<D> | null | Promise<JobRequest<D> | null>;
};

/**
 * A reactor follows the event log from its own checkpoint and turns events of interest into jobs.
 * Adding one is writing one of these (and listing it in reactors/index.ts):
 *
 * ```ts
 * export const orderPlacedSupplierMail = (config: ReactorConfig) =>
 *   defineReactor<MailJobData>({
 *     name: 'order-placed-supplier-mail',
 *     queue: MAIL_QUEUE,
 *     streamPrefixes: ['order-'],
 *     on: { OrderPlaced: (event) => ({ name: 'order-placed', data: ... }) },
 *   });
 * ```
 */
export interface Reactor<D = unknown> {
  /**
   * The checkpoint's name. Never rename a deployed reactor: it would start again from the beginning
   * of the log (where a reactor without a checkpoint starts) and make jobs for every past event.
   */
  name: string;
  /** The queue its jobs go to (a queue the workers know, e.g. MAIL_QUEUE). */
  queue: string;
  /** Only events of streams starting with these are read (e.g. ['user-']). */
  streamPrefixes: string[];
  /** Event type → job (null to skip this one). Event types without a handler are passed over. */
  on: ReactorHandlers<D>;
  /** Largest number of events handled (and enqueued in one round trip) at once. Default 100. */
  batchSize?: number;
}

/** Identity function that keeps the job data type of a reactor's handlers checked. */
export function defineReactor<D>(reactor: Reactor<D>): Reactor<D> {
  return reactor;
}
