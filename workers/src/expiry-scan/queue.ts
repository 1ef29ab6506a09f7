import type { DefaultJobOptions } from 'bullmq';

/**
 * The daily expiry scan. A batch expiring, or coming within 60 days of its expiry, changes a
 * vessel's compliance with no event at all; the read models store each vessel's evaluation with
 * the day it stops holding, and this job evaluates again every vessel whose day has come, so the
 * dashboards read current figures without doing that work on a user's request.
 */
export const EXPIRY_SCAN_QUEUE = 'expiry-scan';

/** The scheduler's id: upserting it again (every start) keeps one schedule, not one per start. */
export const EXPIRY_SCAN_SCHEDULER = 'daily-expiry-scan';

/** Five past midnight UTC: "today" of the compliance rules is the UTC day. */
export const EXPIRY_SCAN_PATTERN = '5 0 * * *';

export const expiryScanJobOptions: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { count: 30 },
  removeOnFail: { count: 100 },
};

export interface ExpiryScanResult {
  day: string;
  reevaluated: number;
  /** Certificates expired and reminders queued by this run. */
  certificates?: { expired: number; reminders: number };
}
