import { escapeHtml, type RenderedMail } from './accountApproved';

export const EXISTING_ACCOUNT_SIGNUP_TEMPLATE = 'existing-account-signup';
export const EXISTING_ACCOUNT_SIGNUP_SUBJECT = 'Someone tried to sign up to MedChest with your email';

/**
 * The mail the owner of an address gets when someone signs up with it again. The sign-up form
 * answered as for a new account (so it tells no one who has an account); this is where the owner
 * learns what happened, and that nothing about their account changed.
 */
export function renderExistingAccountSignUp(input: { firstName?: string; appUrl: string }): RenderedMail {
  const loginUrl = new URL('/login', input.appUrl).toString();
  const name = input.firstName?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lines = [
    'Someone just tried to create a MedChest account with this email address, which already has an account.',
    'If it was you, you do not need a new account: sign in with your existing one.',
    'If it was not you, you can ignore this email. Your account, its password and its data are unchanged.',
  ];
  const text = [greeting, '', ...lines, '', loginUrl, '', 'The MedChest team'].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(loginUrl)}">Sign in to MedChest</a></p>`,
    '<p>The MedChest team</p>',
    '</body></html>',
  ].join('\n');
  return { subject: EXISTING_ACCOUNT_SIGNUP_SUBJECT, text, html };
}
