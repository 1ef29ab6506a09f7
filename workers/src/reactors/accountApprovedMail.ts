import { defineReactor } from '../reactor/reactor';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { ACCOUNT_APPROVED_TEMPLATE, renderAccountApproved } from '../mail/templates/accountApproved';
import type { ReactorConfig } from './config';

/** UserApproved → the "your account is approved" mail to that user. */
export const accountApprovedMail = (config: ReactorConfig) =>
  defineReactor<MailJobData>({
    name: 'account-approved-mail',
    queue: MAIL_QUEUE,
    streamPrefixes: ['user-'],
    on: {
      UserApproved: (event) => ({
        name: ACCOUNT_APPROVED_TEMPLATE,
        data: {
          to: event.data.email,
          ...renderAccountApproved({ firstName: event.data.firstName, appUrl: config.appUrl }),
          template: ACCOUNT_APPROVED_TEMPLATE,
          causationEventId: event.id,
          correlationId: event.metadata.correlationId,
        },
      }),
    },
  });
