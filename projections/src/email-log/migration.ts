import { sql, type Kysely, type Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

/** One row per EmailDispatched event: every message the product sent (or recorded without SMTP). */
export interface EmailMessagesTable {
  message_id: string;
  to_address: string;
  subject: string;
  template: string;
  /** sent | failed | recorded */
  status: string;
  attempts: number;
  error: string | null;
  causation_event_id: string;
  created_at: Timestamp;
}

export const emailLogMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('causation_event_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX email_messages_newest_idx ON email_messages (created_at DESC, message_id)`.execute(db);
  },
};
