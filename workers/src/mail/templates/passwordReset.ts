import { PASSWORD_RESET_MINUTES } from '@medchest/domain';
import { escapeHtml, type RenderedMail } from './accountApproved';

export const PASSWORD_RESET_TEMPLATE = 'password-reset';
export const PASSWORD_RESET_SUBJECT = 'Reset your MedChest password';

/** The forgot-password mail: the single-use link and how long it lasts. */
export function renderPasswordReset(input: { firstName?: string; resetUrl: string }): RenderedMail {
  const name = input.firstName?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lines = [
    'Someone asked to reset the password of your MedChest account. To choose a new password, open this link:',
  ];
  const after = [
    `The link works once and for ${PASSWORD_RESET_MINUTES} minutes. Resetting the password signs your account out everywhere.`,
    'If you did not ask for this, you can ignore this email: your password is unchanged.',
  ];
  const text = [greeting, '', ...lines, '', input.resetUrl, '', ...after, '', 'The MedChest team'].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.resetUrl)}">Reset your password</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<p>The MedChest team</p>',
    '</body></html>',
  ].join('\n');
  return { subject: PASSWORD_RESET_SUBJECT, text, html };
}
