import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mails the product sent during this run, as scripts/e2e-server.mjs's capture SMTP server
 * received them (one JSON line each, in a file named by the server's port).
 */
export interface CapturedMail {
  to: string[];
  raw: string;
}

const mailLog = () => join(tmpdir(), `medchest-e2e-mail-${process.env.E2E_PORT ?? 5199}.jsonl`);

export function capturedMails(): CapturedMail[] {
  const file = mailLog();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** Wait for the `index`-th (0-based) mail to an address and return it. */
export async function mailTo(address: string, index = 0): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(() => {
      found = capturedMails().filter((mail) => mail.to.includes(address))[index];
      return found !== undefined;
    }, { timeout: 30_000, message: `mail #${index + 1} to ${address}` })
    .toBe(true);
  return found!;
}
