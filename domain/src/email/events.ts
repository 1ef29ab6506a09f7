import { z } from 'zod';
import { eventGuard, type Decider } from '../shared/decider';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * The outcome of one outgoing message, appended by the mail worker once per message (stream
 * `email-{messageId}`, expected no stream, so a retried job can never record it twice).
 * status: sent (delivered to SMTP), failed (gave up after its attempts), recorded (no SMTP_URL:
 * kept in the log but not delivered).
 */
export const EmailDispatched = defineEvent(
  'EmailDispatched',
  1,
  z.object({
    messageId: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    status: z.enum(['sent', 'failed', 'recorded']),
    attempts: z.number().int(),
    error: z.string().optional(),
    /** The event that caused the message (for UserApproved: that event's id). */
    causationEventId: z.string(),
    /**
     * The user it went to, when it went to a user: `to` is then sealed with that user's key
     * (projections/src/personal-data/vault.ts), so deleting the user erases it.
     */
    recipientId: z.string().optional(),
  }),
);

export const emailEventDefinitions = [EmailDispatched] as const;
export type EmailEvent = EventOf<(typeof emailEventDefinitions)[number]>;
export const emailStreamId = (messageId: string) => `email-${messageId}`;
export const isEmailEvent = eventGuard<EmailEvent>(emailEventDefinitions);

/** A message's stream records its outcome once: a retried job finds it recorded and adds nothing. */
export type EmailState = { recorded: boolean };
export type EmailCommand = { type: 'RecordDispatch'; outcome: Extract<EmailEvent, { type: 'EmailDispatched' }>['data'] };

export const emailDecider: Decider<EmailCommand, EmailState, EmailEvent> = {
  decide: (command, state) => (state.recorded ? [] : [{ type: 'EmailDispatched', data: command.outcome }]),
  evolve: () => ({ recorded: true }),
  initialState: () => ({ recorded: false }),
};
