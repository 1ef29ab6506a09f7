import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
} from '@eventstore/db-client';
import { canonicalJson, chainHash, verifyChain } from '../hash';
import {
  ConcurrencyError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from '../port';
import { isOurs, storedMetadata, toEsdbPosition, toLogPosition, toRecorded } from './mapping';
import { followAll } from './subscribe';

export interface EsdbEventStoreOptions {
  /** esdb://host:2113?tls=false and the other forms the client accepts. */
  connectionString: string;
}

/** Under 'any' / 'stream_exists' a lost race is not a conflict: re-read the head and try again. */
const MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION = 20;
/** readAll has no server-side filter in this client: read pages of $all and keep our events. */
const READ_ALL_PAGE = 500;

interface Head {
  revision: bigint;
  hash: string;
}

/**
 * The EventStoreDB adapter (production). EventStoreDB writes the global log in commit order, so a
 * follower reading $all can never see a later event before an earlier one; positions are
 * (commit, prepare).
 *
 * The hash chain (../hash.ts) needs the previous event's hash, which EventStoreDB cannot compute for
 * us, so an append first reads the stream's head and then appends with that exact revision as the
 * expectation: the chain is then always computed against the event it follows, and a writer that
 * slipped in between makes the append fail (and, under 'any', retry) instead of forking the chain.
 */
export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);

  async function readHead(streamId: string, atRevision?: bigint): Promise<Head | undefined> {
    try {
      const read = client.readStream(
        streamId,
        atRevision === undefined
          ? { direction: BACKWARDS, fromRevision: END, maxCount: 1 }
          : { direction: FORWARDS, fromRevision: atRevision, maxCount: 1 },
      );
      for await (const resolved of read) {
        if (!isOurs(resolved.event)) return undefined;
        const event = toRecorded(resolved.event);
        return { revision: event.revision, hash: event.hash };
      }
      return undefined;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }

  /** One attempt: returns undefined when a writer under 'any'/'stream_exists' should try again. */
  async function tryAppend(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult | undefined> {
    const head = typeof expected === 'bigint' ? await readHead(streamId, expected) : expected === 'no_stream' ? undefined : await readHead(streamId);
    if (typeof expected === 'bigint' && head?.revision !== expected) {
      // The stream is shorter than expected (or the event is not ours): let the server say so.
      const actual = await readHead(streamId);
      throw new ConcurrencyError(streamId, expected, actual ? actual.revision : 'no_stream');
    }
    if (expected === 'stream_exists' && !head) throw new ConcurrencyError(streamId, expected, 'no_stream');

    let previousHash = head?.hash ?? '';
    let revision = head ? head.revision : -1n;
    const data = events.map((event) => {
      revision += 1n;
      const id = event.id ?? randomUUID();
      // Hash what will be stored: the JSON values as they will read back.
      const body = JSON.parse(canonicalJson(event.data)) as unknown;
      const metadata = JSON.parse(canonicalJson(event.metadata)) as NewEvent['metadata'];
      const hash = chainHash(previousHash, { streamId, revision, id, type: event.type, version: event.version, data: body, metadata });
      previousHash = hash;
      return jsonEvent({ id, type: event.type, data: body as JSONType, metadata: storedMetadata(metadata, { version: event.version, hash }) });
    });

    const expectedRevision: AppendExpectedRevision = head ? head.revision : NO_STREAM;
    try {
      const result = await client.appendToStream(streamId, data, { expectedRevision });
      const position = result.position ? toLogPosition(result.position) : await lastPosition(streamId);
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (expected === 'any' || expected === 'stream_exists') return undefined;
      throw new ConcurrencyError(streamId, expected, error.actualVersion);
    }
  }

  async function lastPosition(streamId: string): Promise<LogPosition> {
    for await (const resolved of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      if (resolved.event?.position) return toLogPosition(resolved.event.position);
    }
    throw new Error(`EventStoreDB did not report the position of the append to ${streamId}`);
  }

  async function readStream(streamId: string, readOptions: { fromRevision?: bigint; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: readOptions.fromRevision ?? START,
        maxCount: readOptions.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        if (isOurs(resolved.event)) out.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return out;
  }

  function matches(streamId: string, prefixes: string[] | undefined): boolean {
    return !prefixes || prefixes.length === 0 || prefixes.some((prefix) => streamId.startsWith(prefix));
  }

  return {
    async init() {
      // Nothing to create; fail early and clearly when the server cannot be reached. A stream read
      // needs no more rights than the application has anyway (reading $all may need an admin).
      await readStream('medchest-connectivity-check', { maxCount: 1 });
    },

    async appendToStream(streamId, events, { expected }) {
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
      for (let attempt = 1; ; attempt += 1) {
        const result = await tryAppend(streamId, events, expected);
        if (result) return result;
        if (attempt >= MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION) throw new ConcurrencyError(streamId, expected);
      }
    },

    async appendToStreams(appends) {
      // No multi-stream transaction here: one after the other, in the order the caller chose for
      // the case where a crash stops it half-way (see the command handler's `order`).
      const results: AppendResult[] = [];
      for (const { streamId, events, expected } of appends) results.push(await this.appendToStream(streamId, events, { expected }));
      return results;
    },

    readStream,

    async readAll({ from, maxCount, streamPrefixes }) {
      const out: RecordedEvent[] = [];
      let cursor = from;
      for (;;) {
        const pageStart = cursor;
        let seen = 0;
        const read = client.readAll({ direction: FORWARDS, fromPosition: toEsdbPosition(cursor), maxCount: READ_ALL_PAGE });
        for await (const resolved of read) {
          seen += 1;
          const event = resolved.event;
          if (!event?.position) continue;
          const position = toLogPosition(event.position);
          // fromPosition is inclusive; the port's `from` is exclusive.
          if (comparePositions(position, cursor) <= 0) continue;
          cursor = position;
          if (isOurs(event) && matches(event.streamId, streamPrefixes)) {
            out.push(toRecorded(event));
            if (out.length === maxCount) {
              await read.cancel();
              return out;
            }
          }
        }
        // A short page is the end of the log; a full page that did not move the cursor (nothing in it
        // carried a position) would only be read again.
        if (seen < READ_ALL_PAGE || comparePositions(cursor, pageStart) === 0) return out;
      }
    },

    subscribe(subscribeOptions) {
      return followAll(client, subscribeOptions);
    },

    async verifyStream(streamId) {
      return verifyChain(await readStream(streamId));
    },

    async close() {
      await client.dispose();
    },
  };
}
