import type { EventMetadata } from '@medchest/domain';
import type { AllStreamRecordedEvent, Position, RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { LOG_START, type LogPosition, type RecordedEvent } from '../port';

/**
 * How our events sit in EventStoreDB: data as the event's JSON body; the domain metadata as the
 * event's JSON metadata, with our own fields (schema version and chain hash) under one key so they
 * cannot collide with the domain's.
 */
export const OWN_METADATA_KEY = 'medchest';

interface OwnMetadata {
  version: number;
  hash: string;
}

export type StoredMetadata = EventMetadata & { [OWN_METADATA_KEY]: OwnMetadata };

export function storedMetadata(metadata: EventMetadata, own: OwnMetadata): StoredMetadata {
  return { ...metadata, [OWN_METADATA_KEY]: own };
}

/** Position conventions: our LogPosition is (commit, prepare); START is everything after LOG_START. */
export function toLogPosition(position: Position): LogPosition {
  return { commit: position.commit, event: position.prepare };
}

export function toEsdbPosition(position: LogPosition): Position | 'start' {
  return position.commit < 0n ? 'start' : { commit: position.commit, prepare: position.event };
}

/** Is this one of our events (and not a system event, a link, or an event written by other tools)? */
export function isOurs(event: EsdbRecordedEvent | AllStreamRecordedEvent | undefined): event is EsdbRecordedEvent & { isJson: true } {
  if (!event || !event.isJson || event.streamId.startsWith('$') || event.type.startsWith('$')) return false;
  const metadata = event.metadata as Partial<StoredMetadata> | undefined;
  return typeof metadata?.[OWN_METADATA_KEY]?.hash === 'string';
}

export function toRecorded(event: EsdbRecordedEvent & { isJson: true }, fallbackCommit?: bigint): RecordedEvent {
  const { [OWN_METADATA_KEY]: own, ...metadata } = event.metadata as unknown as StoredMetadata;
  // Servers before 22.x may leave out the position on stream reads; the commit position of the
  // resolved event is then the best we have, and readAll/subscribe never take this path.
  const position = event.position
    ? toLogPosition(event.position)
    : fallbackCommit !== undefined
      ? { commit: fallbackCommit, event: fallbackCommit }
      : LOG_START;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    version: own.version,
    data: event.data,
    metadata: metadata as EventMetadata,
    recordedAt: event.created,
    hash: own.hash,
  };
}
