import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

export interface EmailMessage {
  messageId: string;
  to: string;
  subject: string;
  template: string;
  status: 'sent' | 'failed' | 'recorded';
  attempts: number;
  error: string | null;
  /** The event that caused the message (e.g. the UserApproved event's id). */
  causationEventId: string;
  createdAt: string;
}

/** Every recorded message, newest first. */
export async function listEmailMessages(db: Kysely<ReadModelDb>, options: { limit?: number } = {}): Promise<EmailMessage[]> {
  let query = db.selectFrom('email_messages').selectAll().orderBy('created_at', 'desc').orderBy('message_id');
  if (options.limit !== undefined) query = query.limit(Math.max(1, Math.floor(options.limit)));
  const rows = await query.execute();
  return rows.map((row) => ({
    messageId: row.message_id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status as EmailMessage['status'],
    attempts: row.attempts,
    error: row.error,
    causationEventId: row.causation_event_id,
    createdAt: row.created_at.toISOString(),
  }));
}
