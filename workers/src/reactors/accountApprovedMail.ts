import { isSealed, openPersonal } from '@medchest/projections/personal-data/vault';
import { defineReactor } from '../reactor/reactor';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { ACCOUNT_APPROVED_TEMPLATE, renderAccountApproved } from '../mail/templates/accountApproved';
import type { ReactorConfig } from './config';

/**
 * UserApproved → the "your account is approved" mail to that user. The address stays sealed with
 * the user's key (the mail worker opens it for SMTP only); the first name is opened to greet them.
 */
export const accountApprovedMail = (config: ReactorConfig) =>
  defineReactor<MailJobData>({
    name: 'account-approved-mail',
    queue: MAIL_QUEUE,
    streamPrefixes: ['user-'],
    on: {
      UserApproved: async (event) => {
        const { firstName } = event.data;
        const name =
          firstName && config.readModels ? await openPersonal(config.readModels, firstName) : isSealed(firstName) ? undefined : firstName;
        return {
          name: ACCOUNT_APPROVED_TEMPLATE,
          data: {
            to: event.data.email,
            recipientId: event.data.userId,
            ...renderAccountApproved({ firstName: name ?? undefined, appUrl: config.appUrl }),
            template: ACCOUNT_APPROVED_TEMPLATE,
            causationEventId: event.id,
            correlationId: event.metadata.correlationId,
          },
        };
      },
    },
  });
