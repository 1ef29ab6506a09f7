import { escapeHtml, type RenderedMail } from '../mail/templates/accountApproved';

export const CERTIFICATE_REMINDER_TEMPLATE = 'certificate-expiry-reminder';

/** The mail a fleet manager gets when a certificate of their fleet enters its last 30 days. */
export function renderCertificateReminder(input: {
  firstName?: string | null;
  vesselName: string;
  expiryDate: string;
  daysLeft: number;
  certificateIssuer: string;
  vesselUrl: string;
}): RenderedMail {
  const greeting = input.firstName?.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
  const when = input.daysLeft === 0 ? 'today' : `in ${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'}`;
  const subject = `Medical chest certificate of ${input.vesselName} expires ${when}`;
  const lines = [
    `The medical chest certificate of ${input.vesselName} (issued by ${input.certificateIssuer}) expires on ${formatIsoDayForMail(input.expiryDate)}.`,
    'Port state control asks for it first: upload the renewed certificate before then.',
  ];
  const text = [greeting, '', ...lines, '', input.vesselUrl, '', 'The MedChest team'].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.vesselUrl)}">Open ${escapeHtml(input.vesselName)} in MedChest</a></p>`,
    '<p>The MedChest team</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM dd, yyyy' (spec 000 §9), the product's date display, for a YYYY-MM-DD day. */
export function formatIsoDayForMail(day: string): string {
  const [year, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1]} ${date}, ${year}`;
}
