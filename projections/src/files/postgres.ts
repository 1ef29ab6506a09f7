import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { FileTooLargeError, type FileStore, type PutOptions, type StoredFile } from './port';

/**
 * The default FileStore: PostgreSQL, in the product's own database. A file is rows of at most
 * CHUNK_BYTES (`file_chunks`) under its hash, plus one row saying its size (`file_blobs`). Neither
 * table is a read model: a rebuild never touches them and nothing could rebuild them.
 *
 * A write streams chunk by chunk inside one transaction under a temporary key (the hash is known
 * only at the end), then renames the chunks to the hash and commits; if those bytes were stored
 * already, or the file is refused half-way, the transaction is rolled back and nothing is left.
 * Memory held is one chunk, whatever the file's size.
 */
export const CHUNK_BYTES = 256 * 1024;

const created = new WeakMap<Kysely<any>, Promise<void>>();

export function createPostgresFileStore(db: Kysely<any>): FileStore {
  const init = () => {
    let done = created.get(db);
    if (!done) {
      done = db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('medchest.file_store'))`.execute(trx);
        await sql`CREATE TABLE IF NOT EXISTS file_blobs (
          sha256 text PRIMARY KEY,
          size_bytes bigint NOT NULL,
          kept boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL,
          last_uploaded_at timestamptz NOT NULL)`.execute(trx);
        await sql`CREATE TABLE IF NOT EXISTS file_chunks (
          blob_key text NOT NULL,
          seq integer NOT NULL,
          data bytea NOT NULL,
          PRIMARY KEY (blob_key, seq))`.execute(trx);
      });
      done.catch(() => created.delete(db));
      created.set(db, done);
    }
    return done;
  };

  return {
    init,

    async put(content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: PutOptions): Promise<StoredFile> {
      await init();
      const headBytes = options.headBytes ?? 0;
      const staging = `staging:${randomUUID()}`;
      const rollback = new Error('these bytes are stored already');
      let result: StoredFile | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          const hash = createHash('sha256');
          let size = 0;
          let seq = 0;
          let pending: Buffer[] = [];
          let pendingBytes = 0;
          let inspected = headBytes === 0 && !options.inspect;
          const flush = async () => {
            if (pendingBytes === 0) return;
            const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
            pending = [];
            pendingBytes = 0;
            await sql`INSERT INTO file_chunks (blob_key, seq, data) VALUES (${staging}, ${seq++}, ${data})`.execute(trx);
          };
          for await (const piece of content) {
            const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
            size += buffer.length;
            if (size >= options.maxBytes) throw new FileTooLargeError(options.maxBytes);
            hash.update(buffer);
            pending.push(buffer);
            pendingBytes += buffer.length;
            if (!inspected && pendingBytes >= headBytes && seq === 0) {
              options.inspect?.(Buffer.concat(pending, pendingBytes).subarray(0, Math.max(headBytes, 1)));
              inspected = true;
            }
            if (pendingBytes >= CHUNK_BYTES) await flush();
          }
          if (!inspected) options.inspect?.(Buffer.concat(pending, pendingBytes));
          await flush();
          const sha256 = hash.digest('hex');
          // First writer of these bytes wins; a second (now or concurrently) rolls its copy back.
          const inserted = await sql<{ sha256: string }>`
            INSERT INTO file_blobs (sha256, size_bytes, kept, created_at, last_uploaded_at)
            VALUES (${sha256}, ${size}, ${options.keep ?? false}, ${options.now}, ${options.now})
            ON CONFLICT (sha256) DO NOTHING RETURNING sha256`.execute(trx);
          result = { sha256, sizeBytes: size, created: inserted.rows.length > 0 };
          if (!result.created) throw rollback;
          await sql`UPDATE file_chunks SET blob_key = ${sha256} WHERE blob_key = ${staging}`.execute(trx);
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      if (!result!.created) {
        // Uploaded again: the cleanup's 24 hours start anew (and the seed's copy is kept).
        await sql`UPDATE file_blobs SET last_uploaded_at = GREATEST(last_uploaded_at, ${options.now}), kept = kept OR ${options.keep ?? false}
          WHERE sha256 = ${result!.sha256}`.execute(db);
      }
      return result!;
    },

    async open(sha256: string) {
      await init();
      const blob = await sql<{ size_bytes: string }>`SELECT size_bytes FROM file_blobs WHERE sha256 = ${sha256}`.execute(db);
      const row = blob.rows[0];
      if (!row) return undefined;
      async function* chunks() {
        // One chunk per query: a download holds one chunk at a time, however large the file.
        for (let seq = 0; ; seq++) {
          const { rows } = await sql<{ data: Buffer }>`SELECT data FROM file_chunks WHERE blob_key = ${sha256} AND seq = ${seq}`.execute(db);
          if (rows.length === 0) return;
          yield rows[0]!.data;
        }
      }
      return { sizeBytes: Number(row.size_bytes), stream: Readable.from(chunks(), { objectMode: false }) };
    },

    async has(sha256: string) {
      await init();
      const { rows } = await sql`SELECT 1 FROM file_blobs WHERE sha256 = ${sha256}`.execute(db);
      return rows.length > 0;
    },

    async keep(sha256: string) {
      await init();
      await sql`UPDATE file_blobs SET kept = true WHERE sha256 = ${sha256}`.execute(db);
    },

    async removeUnkeptBefore(before: Date) {
      await init();
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ sha256: string }>`
          DELETE FROM file_blobs WHERE NOT kept AND last_uploaded_at < ${before} RETURNING sha256`.execute(trx);
        if (rows.length > 0) {
          await sql`DELETE FROM file_chunks WHERE blob_key = ANY(${rows.map((r) => r.sha256)})`.execute(trx);
        }
        return rows.length;
      });
    },
  };
}
