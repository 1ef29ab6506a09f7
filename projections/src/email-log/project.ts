/**
 * Cost per event (issue 14), what this read model may write: one row per message sent (it is the
 * log of messages); a user deleted rewrites the addresses of their messages (rare, one statement).
 */
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import type { EmailMessagesTable } from './migration';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { appendRows } from '../sql';
import { DELETED_USER, personalDataOpener } from '../personal-data/vault';

async function applyEmailLog(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<EmailMessagesTable>[] = [];
  // A user's address is sealed with their key: once they are deleted it reads as "Deleted user".
  const personal = await personalDataOpener(trx, events.map((e) => (e.type === 'EmailDispatched' ? e.data.to : undefined)));
  for (const event of events) {
    if (event.type !== 'EmailDispatched') continue;
    const d = event.data;
    rows.push({
      message_id: d.messageId,
      to_address: personal.open(d.to) ?? DELETED_USER,
      subject: d.subject,
      template: d.template,
      status: d.status,
      attempts: d.attempts,
      error: orNull(d.error),
      causation_event_id: d.causationEventId,
      created_at: event.metadata.occurredAt,
      recipient_id: orNull(d.recipientId),
    });
  }
  // One EmailDispatched per message (its stream is appended with "no stream"): a replay changes nothing.
  await appendRows(trx, 'email_messages', rows, 'message_id');
  // A deleted user's address leaves the log of what was sent (their key is destroyed too, so a
  // rebuild reads it as "Deleted user" as well).
  const deleted = events.flatMap((e) => (e.type === 'UserDeleted' ? [e.data.userId] : []));
  if (deleted.length > 0) {
    await trx.updateTable('email_messages').set({ to_address: DELETED_USER }).where('recipient_id', 'in', deleted).execute();
  }
}

/** Every message the product sent or recorded. */
export const emailLogProjection = defineProjection({
  name: 'email-log',
  eventTypes: ['EmailDispatched', 'UserDeleted'],
  tables: ['email_messages'],
  deferredIndexes: ['email_messages_newest_idx'],
  apply: applyEmailLog,
});
