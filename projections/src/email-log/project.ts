import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { chunks, defineProjection, orNull, type ProjectedEvent } from '../projection';
import type { EmailMessagesTable } from './migration';

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
  for (const batch of chunks(rows, 5000)) {
    await trx.insertInto('email_messages').values(batch).onConflict((oc) => oc.column('message_id').doNothing()).execute();
  }
}

/** Every message the product sent or recorded. */
export const emailLogProjection = defineProjection({
  name: 'email-log',
  eventTypes: ['EmailDispatched'],
  tables: ['email_messages'],
  apply: applyEmailLog,
});
