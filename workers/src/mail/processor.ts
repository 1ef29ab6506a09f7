import { EmailDispatched, emailDecider, emailStreamId, eventCodec, isEmailEvent, type EventData } from '@medchest/domain';
import type { EventStore } from '@medchest/eventstore';
import { streamHandler } from '@medchest/eventstore/commands/handler';
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
  /** The clock the outcome's time comes from (default the wall clock). */
  now?: () => Date;
  /**
   * Opens an address sealed with a user's key (null: the user was deleted meanwhile). Without
   * it, addresses are taken as they are.
   */
  openAddress?: (to: string) => Promise<string | null>;
}

/** A message's stream, through the one command handler. */
const emails = streamHandler({ decider: emailDecider, streamId: emailStreamId, isEvent: isEmailEvent });

export type MailOutcome = 'sent' | 'failed' | 'recorded' | 'already-recorded';
type DispatchStatus = EventData<'EmailDispatched'>['status'];

/**
 * Processes one mail job. Every message ends as exactly one EmailDispatched in `email-{jobId}`
 * (the email stream's decider records it once):
 * - already recorded (a retry after the append, or the same id enqueued again): nothing is sent;
 * - no mailer: recorded, not delivered;
 * - delivered: 'sent' with the attempt that succeeded. Delivery is remembered in the job's data
 *   before the append, so if the append fails the retry records without sending again;
 * - delivery failed: thrown, so BullMQ retries with backoff; on the last attempt 'failed' is
 *   recorded (with the error) first.
 */
export function createMailProcessor(options: MailProcessorOptions) {
  const { store, mailer, from, log } = options;
  const deps = { store, codec: eventCodec };
  const now = options.now ?? (() => new Date());

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
      ...(job.data.recipientId === undefined ? {} : { recipientId: job.data.recipientId }),
    } satisfies EventData<'EmailDispatched'>);
    // Another run of this job that recorded it first wins the race: the handler re-decides,
    // finds it recorded, and records nothing (the message is recorded exactly once).
    await emails.handle(deps, messageId, { type: 'RecordDispatch', outcome: data }, { userId: null, correlationId: job.data.correlationId, now: now() });
  }

  return async function processMail(job: Job<MailJobData>): Promise<MailOutcome> {
    const messageId = job.id;
    if (!messageId) throw new Error('A mail job needs an id (the causing event id)');
    if ((await emails.load(deps, messageId)).state.recorded) return 'already-recorded';

    const attempt = job.attemptsMade + 1;
    if (!mailer) {
      await record(job, messageId, 'recorded', attempt);
      return 'recorded';
    }

    let deliveredAt = job.data.deliveredAtAttempt;
    if (deliveredAt === undefined) {
      // The address is opened only now, for SMTP: the job and the log keep it sealed.
      const to = options.openAddress ? await options.openAddress(job.data.to) : job.data.to;
      if (to === null) {
        // The user was deleted before the message left: there is no one to send it to any more.
        await record(job, messageId, 'failed', attempt, 'The recipient was deleted');
        return 'failed';
      }
      try {
        await mailer.send({
          from,
          to,
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
          log.error(`mail ${messageId} failed after ${attempt} attempt(s): ${errorMessage(error)}`);
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
