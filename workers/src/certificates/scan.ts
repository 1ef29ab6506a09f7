import { sealPersonal } from '@medchest/projections/personal-data/vault';
import {
  CERTIFICATE_REMINDER_DAYS,
  daysBetweenIsoDays,
  eventCodec,
  isoToday,
  isVesselEvent,
  vesselDecider,
  vesselStreamId,
} from '@medchest/domain';
import type { EventStore } from '@medchest/eventstore';
import { streamHandler } from '@medchest/eventstore/commands/handler';
import { listCurrentCertificates, listFleetManagersOfVessel, type createReadModelDb } from '@medchest/projections';
import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Logger } from '../logger';
import type { MailJobData } from '../mail/queue';
import { CERTIFICATE_REMINDER_TEMPLATE, renderCertificateReminder } from './reminderMail';

type ReadDb = ReturnType<typeof createReadModelDb>;

/** The vessel stream's handler (the same decider the API uses): the scan's commands go through it. */
const vessels = streamHandler({ decider: vesselDecider, streamId: vesselStreamId, isEvent: isVesselEvent });

export interface CertificateScanResult {
  expired: number;
  reminders: number;
}

/** A stable UUID for a name (v5-shaped, SHA-256 based): the same reminder always gets the same id. */
export function stableId(name: string): string {
  const bytes = createHash('sha256').update(`medchest:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The certificates part of the daily scan:
 *
 * - every certificate on record whose expiry date has passed gets one CertificateExpired, appended
 *   through the vessel's handler. The decider records it only while the certificate on record has
 *   none yet, and the append expects the revision it read: a rerun, a run killed half-way and run
 *   again, or two workers at once leave exactly one per certificate.
 * - every certificate in its last 30 days gets one reminder per fleet manager in scope, as a mail
 *   job whose id is made of the certificate, the manager and the threshold. The mail processor
 *   records each message id once in the email log and never sends an id it has recorded, so a
 *   retry or the next day's scan sends nothing more.
 *
 * `afterEach` is for tests (a crash half-way).
 */
export function createCertificateScan(options: {
  store: EventStore;
  db: ReadDb;
  /** Where reminders go (the mail queue); absent: no reminders. */
  mailQueue?: () => Queue | undefined;
  appUrl: string;
  log: Logger;
  afterEach?: (vesselId: string) => void | Promise<void>;
}) {
  const deps = { store: options.store, codec: eventCodec };
  return async (now: Date): Promise<CertificateScanResult> => {
    const today = isoToday(now);
    const result: CertificateScanResult = { expired: 0, reminders: 0 };
    for (const certificate of await listCurrentCertificates(options.db)) {
      const daysLeft = daysBetweenIsoDays(today, certificate.expiryDate);
      if (daysLeft < 0 && certificate.expiredOn === null) {
        const outcome = await vessels.handle(
          deps,
          certificate.vesselId,
          { type: 'ExpireCertificate', vesselId: certificate.vesselId, today },
          { userId: null, correlationId: `certificate-scan-${today}`, now },
        );
        result.expired += outcome.events.length;
      } else if (daysLeft >= 0 && daysLeft <= CERTIFICATE_REMINDER_DAYS && options.mailQueue?.()) {
        const vessel = await vessels.load(deps, certificate.vesselId);
        if (vessel.state.status !== 'active' || !vessel.state.certificate) continue;
        for (const manager of await listFleetManagersOfVessel(options.db, certificate.vesselId)) {
          const mail = renderCertificateReminder({
            firstName: manager.firstName,
            vesselName: certificate.vesselName,
            expiryDate: certificate.expiryDate,
            daysLeft,
            certificateIssuer: vessel.state.certificate.certificateIssuer,
            vesselUrl: new URL(`/vessels/${certificate.vesselId}`, options.appUrl).toString(),
          });
          // Sealed with the manager's key, like every user's address in jobs and the mail log.
          const { to } = await sealPersonal(options.db, manager.id, { to: manager.email });
          const data: MailJobData = {
            to,
            recipientId: manager.id,
            ...mail,
            template: CERTIFICATE_REMINDER_TEMPLATE,
            causationEventId: certificate.certificateId,
            correlationId: `certificate-scan-${today}`,
          };
          const jobId = stableId(`certificate-reminder:${certificate.certificateId}:${manager.id}:${CERTIFICATE_REMINDER_DAYS}`);
          await options.mailQueue()!.add(CERTIFICATE_REMINDER_TEMPLATE, data, { jobId });
          result.reminders++;
        }
      }
      await options.afterEach?.(certificate.vesselId);
    }
    if (result.expired > 0) options.log.info(`certificate scan ${today}: ${result.expired} certificate(s) expired`);
    return result;
  };
}
