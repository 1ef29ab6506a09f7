import { CAPTAIN_CODE_TTL_MS } from '@medchest/domain';

export const CAPTAIN_CODE_TEMPLATE = 'captain-sign-in-code';
export const CAPTAIN_CODE_SUBJECT = 'Your MedChest captain sign-in code';

/**
 * The mail with the sign-in code(s) of an address: one line per vessel it may sign in for (a
 * shared company address gets one code per vessel; the code typed says which vessel).
 */
export function renderCaptainCodeMail(codes: readonly { vesselName: string; code: string }[], appUrl?: string): { subject: string; text: string } {
  const minutes = Math.round(CAPTAIN_CODE_TTL_MS / 60_000);
  const lines =
    codes.length === 1
      ? [`Your code to sign in to the captain portal of ${codes[0].vesselName}:`, '', `    ${codes[0].code}`]
      : ['Your codes to sign in to the captain portal, one per vessel:', '', ...codes.map((c) => `    ${c.vesselName}: ${c.code}`)];
  return {
    subject: CAPTAIN_CODE_SUBJECT,
    text: [
      'Hello,',
      '',
      ...lines,
      '',
      `The code is valid for ${minutes} minutes and can be used once.${appUrl ? ` Enter it at ${appUrl}/captain/login.` : ''}`,
      'If you did not ask for it, you can ignore this message: nobody can sign in without the code.',
      '',
      'MedChest',
    ].join('\n'),
  };
}
