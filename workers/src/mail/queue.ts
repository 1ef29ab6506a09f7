import type { DefaultJobOptions } from 'bullmq';

/** The queue every outgoing message goes through. */
export const MAIL_QUEUE = 'mail';

/**
 * One outgoing message, rendered when the job is made, so the processor stays the same for every
 * kind of mail. The job's id (the causing event's id) is the message id: `email-{jobId}` is where
 * its EmailDispatched is recorded.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface MailJobData {
  /** The address; sealed with the recipient's key when the recipient is a user (see recipientId). */
  to: string;
  /** The user the message goes to: their address stays sealed in the job and in the log. */
  recipientId?: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's replies go (the fleet manager who sent an order to a supplier). */
  replyTo?: string;
  /** Files sent with the message, base64 in the job so the processor stays the same for every mail. */
  attachments?: MailAttachment[];
  /** Which template produced it (recorded with the outcome, e.g. 'account-approved'). */
  template: string;
  /** The event that caused the message. */
  causationEventId: string;
  /** Carried from the causing event to the EmailDispatched it leads to. */
  correlationId: string;
  /** Set by the processor once SMTP accepted the message, so a retry only records it. */
  deliveredAtAttempt?: number;
}

export interface MailRetryOptions {
  /** Tries per message before it is recorded as failed. Default 5. */
  attempts?: number;
  /** First retry delay; each next one doubles (exponential backoff). Default 1000 ms. */
  backoffMs?: number;
}

const DAY_S = 24 * 60 * 60;

export function mailJobOptions(options: MailRetryOptions = {}): DefaultJobOptions {
  return {
    attempts: options.attempts ?? 5,
    backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
    // Finished jobs are kept a while: while a job's key exists, adding its id again is a no-op.
    // (After that, the processor still sees the recorded EmailDispatched and sends nothing.)
    removeOnComplete: { age: 30 * DAY_S },
    removeOnFail: { age: 90 * DAY_S },
  };
}
