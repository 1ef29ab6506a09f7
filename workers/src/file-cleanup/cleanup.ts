import { UNRECORDED_UPLOAD_HOURS } from '@medchest/domain';
import { createPostgresFileStore, removeStaleCertificateUploads, type createReadModelDb } from '@medchest/projections';
import type { DefaultJobOptions } from 'bullmq';
import type { Logger } from '../logger';

/**
 * Uploads never recorded as a certificate are removed after 24 hours: the upload URLs handed out
 * then, and the files no certificate keeps that nobody uploaded again since. Hourly, so nothing
 * outstays its 24 hours by more than an hour; and once at start.
 */
export const FILE_CLEANUP_QUEUE = 'file-cleanup';
export const FILE_CLEANUP_SCHEDULER = 'hourly-file-cleanup';
export const FILE_CLEANUP_PATTERN = '17 * * * *';

export const fileCleanupJobOptions: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { count: 48 },
  removeOnFail: { count: 100 },
};

export function createFileCleanupProcessor(options: { db: ReturnType<typeof createReadModelDb>; log: Logger; now?: () => Date }) {
  const files = createPostgresFileStore(options.db);
  return async () => {
    const before = new Date((options.now ?? (() => new Date()))().getTime() - UNRECORDED_UPLOAD_HOURS * 3_600_000);
    const uploads = await removeStaleCertificateUploads(options.db, before);
    const removed = await files.removeUnkeptBefore(before);
    if (removed > 0) options.log.info(`file cleanup: ${removed} unrecorded upload(s) removed`);
    return { uploads, files: removed };
  };
}
