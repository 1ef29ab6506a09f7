import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (never a downloaded browser), as every spec launches it (playwright.config.ts). */
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
