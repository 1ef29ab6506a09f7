import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChainBreak, SignedHead } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';

/**
 * History checkpoints: a stream's head (its revision and chain hash) signed with HMAC-SHA256 under
 * the history key, which is kept outside the database. A plain hash chain can be recomputed by
 * whoever can write the events table; a signed head cannot be forged without the key, so a stream
 * rewritten and re-hashed in SQL no longer meets the head signed before.
 *
 * The table lives beside the event store, not among the read models: a rebuild must not wipe it.
 */
export interface SignedCheckpoint extends SignedHead {
  streamId: string;
  signedAt: Date;
  signature: string;
}

// A plain Kysely on the same database: the table is not a read model.
type Db = Kysely<any>;

export async function initHistoryCheckpoints(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS history_checkpoints (
    stream_id text NOT NULL,
    revision bigint NOT NULL,
    hash text NOT NULL,
    signed_at timestamptz NOT NULL,
    signature text NOT NULL,
    PRIMARY KEY (stream_id, revision)
  )`.execute(db);
}

function signature(key: Buffer, streamId: string, revision: bigint, hash: string, signedAt: Date): string {
  return createHmac('sha256', key).update(`${streamId}\n${revision}\n${hash}\n${signedAt.toISOString()}`).digest('hex');
}

function signatureHolds(key: Buffer, checkpoint: SignedCheckpoint): boolean {
  const expected = Buffer.from(signature(key, checkpoint.streamId, checkpoint.revision, checkpoint.hash, checkpoint.signedAt), 'hex');
  const given = Buffer.from(checkpoint.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The signed heads of these streams (every stream when none are named). A checkpoint whose
 * signature does not hold was forged or altered: it is a break of its stream.
 */
export async function loadSignedHeads(
  db: Db,
  key: Buffer,
  streamIds?: readonly string[],
): Promise<{ heads: Map<string, SignedHead[]>; checkpoints: SignedCheckpoint[]; forged: ChainBreak[] }> {
  if (streamIds && streamIds.length === 0) return { heads: new Map(), checkpoints: [], forged: [] };
  const { rows } = await sql<{ stream_id: string; revision: string; hash: string; signed_at: Date; signature: string }>`
    SELECT stream_id, revision::text, hash, signed_at, signature FROM history_checkpoints
    ${streamIds ? sql`WHERE stream_id = ANY(${[...streamIds]}::text[])` : sql``}
    ORDER BY stream_id, revision`.execute(db);
  const heads = new Map<string, SignedHead[]>();
  const checkpoints: SignedCheckpoint[] = [];
  const forged: ChainBreak[] = [];
  for (const row of rows) {
    const checkpoint: SignedCheckpoint = {
      streamId: row.stream_id,
      revision: BigInt(row.revision),
      hash: row.hash,
      signedAt: row.signed_at,
      signature: row.signature,
    };
    if (!signatureHolds(key, checkpoint)) {
      forged.push({ streamId: row.stream_id, revision: checkpoint.revision, reason: 'its signed checkpoint does not carry a valid signature' });
      continue;
    }
    checkpoints.push(checkpoint);
    heads.set(row.stream_id, [...(heads.get(row.stream_id) ?? []), checkpoint]);
  }
  return { heads, checkpoints, forged };
}

/** Sign these heads (ones already signed at that revision are kept as they are). */
export async function signHeads(db: Db, key: Buffer, heads: ReadonlyMap<string, { revision: bigint; hash: string }>, at: Date): Promise<void> {
  const rows = [...heads].map(([streamId, head]) => ({
    stream_id: streamId,
    revision: head.revision.toString(),
    hash: head.hash,
    signed_at: at,
    signature: signature(key, streamId, head.revision, head.hash, at),
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insertInto('history_checkpoints').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
  }
}
