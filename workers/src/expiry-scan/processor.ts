import { isoToday } from '@medchest/domain';
import { refreshChests, type createReadModelDb } from '@medchest/projections';
import type { Logger } from '../logger';
import type { ExpiryScanResult } from './queue';

/** One run of the scan: every chest whose stored evaluation does not hold for today is evaluated again. */
export function createExpiryScanProcessor(options: { db: ReturnType<typeof createReadModelDb>; log: Logger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (): Promise<ExpiryScanResult> => {
    const day = isoToday(now());
    const reevaluated = await refreshChests(options.db, day);
    if (reevaluated > 0) options.log.info(`expiry scan ${day}: ${reevaluated} vessel chest(s) evaluated again`);
    return { day, reevaluated };
  };
}
