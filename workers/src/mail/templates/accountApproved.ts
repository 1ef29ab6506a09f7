export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const ACCOUNT_APPROVED_TEMPLATE = 'account-approved';
export const ACCOUNT_APPROVED_SUBJECT = 'Your MedChest account is approved';

/** The mail a user gets when an admin approves their account. */
export function renderAccountApproved(input: { firstName?: string; appUrl: string }): RenderedMail {
  const loginUrl = new URL('/login', input.appUrl).toString();
  const name = input.firstName?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Your MedChest account has been approved. You can now sign in and use MedChest:',
    loginUrl,
    '',
    'The MedChest team',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Your MedChest account has been approved. You can now sign in and use MedChest.</p>',
    `<p><a href="${escapeHtml(loginUrl)}">Sign in to MedChest</a></p>`,
    '<p>The MedChest team</p>',
    '</body></html>',
  ].join('\n');
  return { subject: ACCOUNT_APPROVED_SUBJECT, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
