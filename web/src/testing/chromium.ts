import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (never a downloaded browser), as every e2e spec (playwright.config.ts) and the landing-page bench launch it. */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
