import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Certificate upload URLs: one row per URL handed out, bound to one vessel and one user, good for
 * 15 minutes and for one certificate. The URL carries a random token; the table keeps only its
 * hash, so reading the table does not give anyone a working URL. Not a read model.
 */
export interface CertificateUpload {
  id: string;
  vesselId: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  fileSha256: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  recordedAt: Date | null;
}

const created = new WeakMap<Kysely<any>, Promise<void>>();

export function initCertificateUploads(db: Kysely<any>): Promise<void> {
  let done = created.get(db);
  if (!done) {
    done = db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('medchest.certificate_uploads'))`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS certificate_uploads (
        id text PRIMARY KEY,
        vessel_id uuid NOT NULL,
        user_id text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        file_sha256 text,
        file_name text,
        size_bytes bigint,
        uploaded_at timestamptz,
        recorded_at timestamptz)`.execute(trx);
    });
    done.catch(() => created.delete(db));
    created.set(db, done);
  }
  return done;
}

/** The row id of a token: its SHA-256 (the token itself is never stored). */
export const uploadIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Hand out a new upload URL's token. */
export async function createCertificateUpload(
  db: Kysely<any>,
  upload: { vesselId: string; userId: string; now: Date; ttlMinutes: number },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  await initCertificateUploads(db);
  const token = randomBytes(32).toString('base64url');
  const id = uploadIdOf(token);
  const expiresAt = new Date(upload.now.getTime() + upload.ttlMinutes * 60_000);
  await sql`INSERT INTO certificate_uploads (id, vessel_id, user_id, created_at, expires_at)
    VALUES (${id}, ${upload.vesselId}, ${upload.userId}, ${upload.now}, ${expiresAt})`.execute(db);
  return { token, id, expiresAt };
}

export async function findCertificateUpload(db: Kysely<any>, token: string): Promise<CertificateUpload | undefined> {
  await initCertificateUploads(db);
  const { rows } = await sql<{
    id: string;
    vessel_id: string;
    user_id: string;
    created_at: Date;
    expires_at: Date;
    file_sha256: string | null;
    file_name: string | null;
    size_bytes: string | null;
    recorded_at: Date | null;
  }>`SELECT id, vessel_id, user_id, created_at, expires_at, file_sha256, file_name, size_bytes, recorded_at
     FROM certificate_uploads WHERE id = ${uploadIdOf(token)}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    vesselId: row.vessel_id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    fileSha256: row.file_sha256,
    fileName: row.file_name,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    recordedAt: row.recorded_at,
  };
}

/** Attach the uploaded file to the upload, once: false when a file was attached already. */
export async function attachUploadedFile(
  db: Kysely<any>,
  id: string,
  file: { sha256: string; fileName: string; sizeBytes: number; now: Date },
): Promise<boolean> {
  const { rows } = await sql`UPDATE certificate_uploads
    SET file_sha256 = ${file.sha256}, file_name = ${file.fileName}, size_bytes = ${file.sizeBytes}, uploaded_at = ${file.now}
    WHERE id = ${id} AND file_sha256 IS NULL RETURNING id`.execute(db);
  return rows.length > 0;
}

export async function markUploadRecorded(db: Kysely<any>, id: string, now: Date): Promise<void> {
  await sql`UPDATE certificate_uploads SET recorded_at = ${now} WHERE id = ${id}`.execute(db);
}

/** Forget upload URLs handed out before `before` and never recorded; answers how many. */
export async function removeStaleCertificateUploads(db: Kysely<any>, before: Date): Promise<number> {
  await initCertificateUploads(db);
  const { rows } = await sql`DELETE FROM certificate_uploads WHERE recorded_at IS NULL AND created_at < ${before} RETURNING id`.execute(db);
  return rows.length;
}
