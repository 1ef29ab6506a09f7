import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { DateColumn } from '../vessels/migration';

/**
 * Every certificate ever recorded, one row per CertificateRecorded (the renewal history: each
 * earlier certificate stays listed and downloadable), keyed by the event id.
 */
export interface CertificatesTable {
  id: string;
  vessel_id: string;
  vessel_name: string;
  expiry_date: string;
  issue_date: DateColumn;
  certificate_issuer: string;
  file_sha256: string | null;
  file_name: string | null;
  size_bytes: number | null;
  recorded_by: string | null;
  recorded_at: ColumnType<Date, Date | string, Date | string>;
  /** The day the scan recorded CertificateExpired for it (only the vessel's latest can expire). */
  expired_on: DateColumn;
  /** Order within the vessel's stream: the newest is the one on record. */
  stream_revision: ColumnType<string, string | bigint, string | bigint>;
}

export const certificatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('certificates')
      .ifNotExists()
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('vessel_id', 'uuid', (c) => c.notNull())
      .addColumn('vessel_name', 'text', (c) => c.notNull())
      .addColumn('expiry_date', 'date', (c) => c.notNull())
      .addColumn('issue_date', 'date')
      .addColumn('certificate_issuer', 'text', (c) => c.notNull())
      .addColumn('file_sha256', 'text')
      .addColumn('file_name', 'text')
      .addColumn('size_bytes', 'bigint')
      .addColumn('recorded_by', 'uuid')
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expired_on', 'date')
      .addColumn('stream_revision', 'bigint', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX IF NOT EXISTS certificates_vessel_newest ON certificates (vessel_id, stream_revision DESC)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS certificates_file ON certificates (file_sha256)`.execute(db);
  },
};
