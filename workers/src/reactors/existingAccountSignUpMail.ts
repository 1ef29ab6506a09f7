import { getUser } from '@medchest/projections';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { EXISTING_ACCOUNT_SIGNUP_TEMPLATE, renderExistingAccountSignUp } from '../mail/templates/existingAccountSignUp';
import { defineReactor } from '../reactor/reactor';
import type { ReactorConfig } from './config';

/**
 * ExistingAccountSignUpAttempted → a mail to the owner of the address (job id = the event id, so
 * each attempt mails once, whatever the retries). The sign-up answer itself said nothing.
 */
export const existingAccountSignUpMail = (config: ReactorConfig) =>
  defineReactor<MailJobData>({
    name: 'existing-account-signup-mail',
    queue: MAIL_QUEUE,
    streamPrefixes: ['user-'],
    on: {
      ExistingAccountSignUpAttempted: async (event) => {
        const owner = config.readModels ? await getUser(config.readModels, event.data.userId) : undefined;
        return {
          name: EXISTING_ACCOUNT_SIGNUP_TEMPLATE,
          data: {
            // Sealed with the owner's key as the event holds it: the mail worker opens it for SMTP.
            to: event.data.email,
            recipientId: event.data.userId,
            ...renderExistingAccountSignUp({ firstName: owner?.firstName ?? undefined, appUrl: config.appUrl }),
            template: EXISTING_ACCOUNT_SIGNUP_TEMPLATE,
            causationEventId: event.id,
            correlationId: event.metadata.correlationId,
          },
        };
      },
    },
  });
