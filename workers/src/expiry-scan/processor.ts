import { isoToday } from '@medchest/domain';
import { refreshChests, type createReadModelDb } from '@medchest/projections';
import type { Logger } from '../logger';
import type { ExpiryScanResult } from './queue';
import type { CertificateScanResult } from '../certificates/scan';

/**
 * One run of the scan: every chest whose stored evaluation does not hold for today is evaluated
 * again, then the certificates (expiries and 30-day reminders, see certificates/scan.ts).
 */
export function createExpiryScanProcessor(options: {
  db: ReturnType<typeof createReadModelDb>;
  log: Logger;
  now?: () => Date;
  certificates?: (now: Date) => Promise<CertificateScanResult>;
}) {
  const now = options.now ?? (() => new Date());
  return async (): Promise<ExpiryScanResult> => {
    const at = now();
    const day = isoToday(at);
    const reevaluated = await refreshChests(options.db, day);
    if (reevaluated > 0) options.log.info(`expiry scan ${day}: ${reevaluated} vessel chest(s) evaluated again`);
    const certificates = options.certificates ? await options.certificates(at) : undefined;
    return { day, reevaluated, ...(certificates ? { certificates } : {}) };
  };
}
