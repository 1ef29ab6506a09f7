import { randomUUID } from 'node:crypto';
import { DEMO_FLEET_OWNER, DomainError, isoToday, isValidImoNumber, userStreamId, vesselStreamId, type Role } from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import { findPasswordHash, savePasswordHash } from '../auth/credentials';
import { hashPassword } from '../auth/password';
import type { AppDeps } from '../commands/context';
import { waitForReadModels } from '../commands/handle';
import { registerUser } from '../commands/users';
import { createVessel, recordCertificate } from '../commands/vessels';
import { MEDCHEST_NAMESPACE, userIdForEmail, uuidV5 } from '../ids';
import { demoCertificates, demoFleet } from './fleet';

export const DEMO_VESSEL_COUNT = 31;

export const DEMO_ACCOUNT = {
  ...DEMO_FLEET_OWNER,
  firstName: 'Demo',
  lastName: 'Fleet Owner',
  role: 'fleet_manager' as Role,
};
export const ADMIN_ACCOUNT = {
  email: 'admin@medchest.example',
  password: 'medchest-admin',
  firstName: 'Admin',
  lastName: 'MedChest',
  role: 'admin' as Role,
};

/** A demo vessel's id never changes: the same IMO number always seeds the same stream. */
export const demoVesselId = (imoNumber: string) => uuidV5(`demo-vessel:${imoNumber}`, MEDCHEST_NAMESPACE);

export interface SeedReport {
  usersCreated: number;
  vesselsCreated: number;
}

/**
 * Seed the demo accounts and the demo fleet once, through the same commands a user's request
 * runs (so they are events like any other). Idempotent: every id is deterministic and a stream
 * that already has events is left alone, so a demo vessel a user deleted stays deleted.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { today?: string; log?: { info(msg: string): void } } = {},
): Promise<SeedReport> {
  const context = { userId: null, correlationId: `seed-${randomUUID()}` };
  const exists = async (streamId: string) => (await deps.store.readStream(streamId, { maxCount: 1 })).length > 0;
  let last: LogPosition | undefined;
  const report: SeedReport = { usersCreated: 0, vesselsCreated: 0 };

  for (const account of [DEMO_ACCOUNT, ADMIN_ACCOUNT]) {
    const userId = userIdForEmail(account.email);
    if (await exists(userStreamId(userId))) {
      // Registered, but its password never stored (the process stopped in between): store it now.
      if (!(await findPasswordHash(deps.db, userId))) await savePasswordHash(deps.db, userId, await hashPassword(account.password));
      continue;
    }
    const { position } = await registerUser(
      deps,
      { ...account, status: 'active', source: 'seed' },
      context,
      { waitForReadModels: false },
    );
    last = position ?? last;
    report.usersCreated++;
  }

  const today = options.today ?? isoToday();
  const fleet = demoFleet(today);
  const certificates = new Map(demoCertificates(today).map((c) => [c.imoNumber, c]));
  if (fleet.length !== DEMO_VESSEL_COUNT) throw new Error(`The demo fleet must have ${DEMO_VESSEL_COUNT} vessels`);
  for (const vessel of fleet) {
    const imoNumber = String(vessel.imoNumber);
    if (!isValidImoNumber(imoNumber)) throw new Error(`Demo vessel ${vessel.vesselName} has an invalid IMO number ${imoNumber}`);
    const vesselId = demoVesselId(imoNumber);
    if (await exists(vesselStreamId(vesselId))) continue;
    try {
      const { position } = await createVessel(deps, vessel, context, { vesselId, waitForReadModels: false });
      last = position ?? last;
      report.vesselsCreated++;
      const certificate = certificates.get(imoNumber);
      if (certificate) {
        const { expiryDate, certificateIssuer } = certificate;
        const recorded = await recordCertificate(deps, vesselId, { expiryDate, certificateIssuer }, context, {
          waitForReadModels: false,
        });
        last = recorded.position ?? last;
      }
    } catch (error) {
      // Someone already registered a vessel with this IMO number: theirs wins, the demo skips it.
      if (error instanceof DomainError && error.kind === 'conflict') {
        options.log?.info(`Demo vessel ${vessel.vesselName} skipped: ${error.message}`);
        continue;
      }
      throw error;
    }
  }

  // One bounded wait at the end rather than one per command.
  if (last) await waitForReadModels(deps, last);
  if (report.usersCreated + report.vesselsCreated > 0) {
    options.log?.info(`Seeded the demo: ${report.vesselsCreated} vessels, ${report.usersCreated} accounts`);
  }
  return report;
}
