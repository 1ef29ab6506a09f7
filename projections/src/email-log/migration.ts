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
  /** The user the message went to (null for a supplier): their deletion erases the address. */
  recipient_id: string | null;
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

/** Who a message went to, so deleting a user can erase their address from the mail log (issue 9). */
export const emailRecipientMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('email_messages').addColumn('recipient_id', 'text').execute();
    await sql`CREATE INDEX email_messages_recipient_idx ON email_messages (recipient_id) WHERE recipient_id IS NOT NULL`.execute(db);
  },
};
