import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import type { EmailMessagesTable } from './migration';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';

async function applyEmailLog(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<EmailMessagesTable>[] = [];
  for (const event of events) {
    if (event.type !== 'EmailDispatched') continue;
    const d = event.data;
    rows.push({
      message_id: d.messageId,
      to_address: d.to,
      subject: d.subject,
      template: d.template,
      status: d.status,
      attempts: d.attempts,
      error: orNull(d.error),
      causation_event_id: d.causationEventId,
      created_at: event.metadata.occurredAt,
    });
  }
  // One EmailDispatched per message (its stream is appended with "no stream"): a replay changes nothing.
  await writeRows(trx, 'email_messages', rows, { key: 'message_id', update: 'nothing' });
}

/** Every message the product sent or recorded. */
export const emailLogProjection = defineProjection({
  name: 'email-log',
  eventTypes: ['EmailDispatched'],
  tables: ['email_messages'],
  apply: applyEmailLog,
});
