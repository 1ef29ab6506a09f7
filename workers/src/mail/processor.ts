import { currentEventVersion, EmailDispatched, emailStreamId, type EventData } from '@medchest/domain';
import { ConcurrencyError, type EventStore } from '@medchest/eventstore';
import type { Job } from 'bullmq';
import { errorMessage, type Logger } from '../logger';
import type { Mailer } from './mailer';
import type { MailJobData } from './queue';

export interface MailProcessorOptions {
  store: EventStore;
  /** Absent when SMTP_URL is not set: messages are recorded ('recorded'), not delivered. */
  mailer?: Mailer;
  from: string;
  log: Logger;
}

export type MailOutcome = 'sent' | 'failed' | 'recorded' | 'already-recorded';
type DispatchStatus = EventData<'EmailDispatched'>['status'];

/**
 * Processes one mail job. Every message ends as exactly one EmailDispatched in `email-{jobId}`,
 * appended with expected 'no_stream':
 * - already recorded (a retry after the append, or the same id enqueued again): nothing is sent;
 * - no mailer: recorded, not delivered;
 * - delivered: 'sent' with the attempt that succeeded. Delivery is remembered in the job's data
 *   before the append, so if the append fails the retry records without sending again;
 * - delivery failed: thrown, so BullMQ retries with backoff; on the last attempt 'failed' is
 *   recorded (with the error) first.
 */
export function createMailProcessor(options: MailProcessorOptions) {
  const { store, mailer, from, log } = options;

  async function record(job: Job<MailJobData>, messageId: string, status: DispatchStatus, attempts: number, error?: string) {
    const data = EmailDispatched.schema.parse({
      messageId,
      to: job.data.to,
      subject: job.data.subject,
      template: job.data.template,
      status,
      attempts,
      ...(error === undefined ? {} : { error }),
      causationEventId: job.data.causationEventId,
    } satisfies EventData<'EmailDispatched'>);
    try {
      await store.appendToStream(
        emailStreamId(messageId),
        [
          {
            type: EmailDispatched.type,
            version: currentEventVersion('EmailDispatched'),
            data,
            metadata: { userId: null, correlationId: job.data.correlationId, occurredAt: new Date().toISOString() },
          },
        ],
        { expected: 'no_stream' },
      );
    } catch (appendError) {
      // Another run of this job recorded it first: the message is recorded exactly once already.
      if (appendError instanceof ConcurrencyError || (appendError as Error)?.name === 'ConcurrencyError') return;
      throw appendError;
    }
  }

  return async function processMail(job: Job<MailJobData>): Promise<MailOutcome> {
    const messageId = job.id;
    if (!messageId) throw new Error('A mail job needs an id (the causing event id)');
    const existing = await store.readStream(emailStreamId(messageId), { maxCount: 1 });
    if (existing.length > 0) return 'already-recorded';

    const attempt = job.attemptsMade + 1;
    if (!mailer) {
      await record(job, messageId, 'recorded', attempt);
      return 'recorded';
    }

    let deliveredAt = job.data.deliveredAtAttempt;
    if (deliveredAt === undefined) {
      try {
        await mailer.send({
          from,
          to: job.data.to,
          subject: job.data.subject,
          text: job.data.text,
          html: job.data.html,
          replyTo: job.data.replyTo,
          attachments: job.data.attachments,
          messageId,
        });
      } catch (error) {
        const lastAttempt = attempt >= (job.opts.attempts ?? 1);
        if (lastAttempt) {
          log.error(`mail ${messageId} to ${job.data.to} failed after ${attempt} attempt(s): ${errorMessage(error)}`);
          await record(job, messageId, 'failed', attempt, errorMessage(error));
        } else {
          log.warn(`mail ${messageId} attempt ${attempt} failed, will retry: ${errorMessage(error)}`);
        }
        throw error;
      }
      deliveredAt = attempt;
      // If this cannot be saved, recording below still goes ahead; only a failed append after a
      // failed save would lead a retry to deliver again.
      await job.updateData({ ...job.data, deliveredAtAttempt: attempt }).catch((error: unknown) => {
        log.warn(`mail ${messageId}: could not mark as delivered (${errorMessage(error)})`);
      });
    }
    await record(job, messageId, 'sent', deliveredAt);
    return 'sent';
  };
}
