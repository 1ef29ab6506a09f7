import { getUser } from '@medchest/projections';
import { resetPasswordPath, signResetToken } from '@medchest/domain/user/resetLink.node';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { PASSWORD_RESET_TEMPLATE, renderPasswordReset } from '../mail/templates/passwordReset';
import { defineReactor } from '../reactor/reactor';
import type { ReactorConfig } from './config';

/**
 * PasswordResetRequested → the mail with the reset link (job id = the event id: one mail per
 * request). The link is signed here with the product's key: the log holds only the ids. The
 * address stays sealed with the user's key until the mail worker opens it for SMTP.
 */
export const passwordResetMail = (config: ReactorConfig & { passwordResetSecret: string }) =>
  defineReactor<MailJobData>({
    name: 'password-reset-mail',
    queue: MAIL_QUEUE,
    streamPrefixes: ['user-'],
    on: {
      PasswordResetRequested: async (event) => {
        const { userId, requestId, email } = event.data;
        const owner = config.readModels ? await getUser(config.readModels, userId) : undefined;
        const resetUrl = new URL(resetPasswordPath(signResetToken(config.passwordResetSecret, userId, requestId)), config.appUrl).toString();
        return {
          name: PASSWORD_RESET_TEMPLATE,
          data: {
            to: email,
            recipientId: userId,
            ...renderPasswordReset({ firstName: owner?.firstName ?? undefined, resetUrl }),
            template: PASSWORD_RESET_TEMPLATE,
            causationEventId: event.id,
            correlationId: event.metadata.correlationId,
          },
        };
      },
    },
  });
