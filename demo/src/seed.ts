import {
  DEMO_FLEET_OWNER,
  DomainError,
  inventoryStreamId,
  isoToday,
  isValidImoNumber,
  medicalProfileOf,
  userStreamId,
  vesselFormSchema,
  vesselStreamId,
  type Role,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { LogPosition } from '@medchest/eventstore';
import { findPasswordHash, savePasswordHash } from '@medchest/command-api/auth/credentials';
import { hashPassword } from '@medchest/command-api/auth/password';
import type { AppDeps, CommandContext } from '@medchest/command-api/commands/context';
import { READ_MODELS, vessels } from '@medchest/command-api/commands/streams';
import { bulkImport } from '@medchest/command-api/commands/inventory';
import { assignFleets, assignVessels, registerUser } from '@medchest/command-api/commands/users';
import { createVessel } from '@medchest/command-api/commands/vessels';
import { MEDCHEST_NAMESPACE, userIdForEmail, uuidV5 } from '@medchest/command-api/ids';
import { DEMO_CHEST_FILE_NAME, demoChest, demoChestStatus } from './chests';
import { addDays, demoCertificates, demoFleet } from './fleet';
import { at } from './history/clock';
import { HISTORY_DAYS, planVesselHistory } from './history/plan';
import { demoChestIds, runHistory, seedCorrelationPrefix, type DemoVesselRun } from './history/run';

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
  /** Demo vessels whose medical chest was stocked by this run. */
  chestsStocked: number;
}

/** The moment the demo's accounts were made: the history's first day, before the first vessel joined. */
const accountsMadeAt = (today: string, minutes = 0) => at(addDays(today, -HISTORY_DAYS), 5, 30 + minutes);

/**
 * Which demo vessels replace a batch through an order during their year (besides the vessel that
 * went Critical, see history/plan.ts): every third of the fleet.
 */
const resupplied = (index: number) => index % 3 === 1;

/**
 * Seed the demo accounts and the demo fleet with its past, once, through the same commands a
 * user's request runs (so they are events like any other): the accounts and the vessels as they
 * were about a year ago, then their year (history/plan.ts) on the business clock, ending on today's
 * fleet. Idempotent: every id is deterministic and a stream that already has events is left alone,
 * so a demo vessel a user deleted stays deleted. Waits for the read models once, at the end.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { today?: string; now?: () => Date; log?: { info(msg: string): void } } = {},
): Promise<SeedReport> {
  const now = options.now?.() ?? new Date();
  const today = options.today ?? isoToday(now);
  const correlationPrefix = seedCorrelationPrefix();
  const context: CommandContext = { userId: null, correlationId: correlationPrefix, now: accountsMadeAt(today) };
  const exists = async (streamId: string) => (await deps.store.readStream(streamId, { maxCount: 1 })).length > 0;
  let last: LogPosition | undefined;
  const report: SeedReport = { usersCreated: 0, vesselsCreated: 0, chestsStocked: 0 };

  for (const account of [DEMO_ACCOUNT, ADMIN_ACCOUNT]) {
    const userId = userIdForEmail(account.email);
    if (await exists(userStreamId(userId))) {
      // Registered, but its password never stored (the process stopped in between): store it now.
      if (!(await findPasswordHash(deps.db, userId))) await savePasswordHash(deps.db, userId, await hashPassword(account.password));
      continue;
    }
    const { position } = await registerUser(deps, { ...account, status: 'active', source: 'seed' }, context, { waitForReadModels: false });
    last = position ?? last;
    report.usersCreated++;
  }

  const fleet = demoFleet(today);
  if (fleet.length !== DEMO_VESSEL_COUNT) throw new Error(`The demo fleet must have ${DEMO_VESSEL_COUNT} vessels`);
  // The demo owner manages the whole demo fleet: its fleets are assigned to them, once (an admin's
  // later change of their assignments is theirs to keep).
  const fleets = [...new Set(fleet.map((v) => v.fleet).filter((f): f is string => Boolean(f)))].sort();
  last = (await assignOnce(deps, userIdForEmail(DEMO_ACCOUNT.email), { fleets }, { ...context, now: accountsMadeAt(today, 5) })) ?? last;

  const certificates = new Map(demoCertificates(today).map((c) => [c.imoNumber, c]));
  const scale = loadShippedScale();
  const runs: DemoVesselRun[] = [];
  const existing: string[] = [];
  for (const [index, vessel] of fleet.entries()) {
    const imoNumber = String(vessel.imoNumber);
    if (!isValidImoNumber(imoNumber)) throw new Error(`Demo vessel ${vessel.vesselName} has an invalid IMO number ${imoNumber}`);
    const vesselId = demoVesselId(imoNumber);
    if (await exists(vesselStreamId(vesselId))) {
      existing.push(imoNumber);
      continue;
    }
    const profile = medicalProfileOf(vesselFormSchema.parse(vessel));
    const chest = demoChest({ scale, profile, imoNumber, today, target: demoChestStatus(imoNumber) });
    const plan = planVesselHistory({
      today,
      index,
      fleetSize: fleet.length,
      imoNumber,
      crewSize: profile.crewSize,
      scale,
      profile,
      chest,
      certificate: certificates.get(imoNumber),
      resupplied: resupplied(index),
    });
    runs.push({ vesselId, index, vessel, plan });
  }
  const history = await runHistory(deps, runs, { office: userIdForEmail(DEMO_ACCOUNT.email), correlationPrefix }, options.log);
  last = history.last ?? last;
  report.vesselsCreated += history.vesselsCreated;
  report.chestsStocked += history.chestsStocked;

  // A demo vessel seeded before chests were part of the demo, whose inventory is still empty: its
  // chest as of today, once (there is no past of ours to replay under it).
  for (const imoNumber of existing) {
    const position = await stockDemoChest(deps, imoNumber, today, { ...context, now }, options.log);
    if (position) {
      last = position;
      report.chestsStocked++;
    }
  }

  // One wait at the end rather than one per command, and a long one: the product starts listening
  // after the seed, and its first pages should show the whole demo, not a year still projecting.
  if (last) await untilProjected(deps, last, options.log);
  if (report.usersCreated + report.vesselsCreated + report.chestsStocked > 0) {
    options.log?.info(
      `Seeded the demo: ${report.vesselsCreated} vessels with a year of history, ${report.chestsStocked} medical chests, ${report.usersCreated} accounts`,
    );
  }
  return report;
}

/** How long the seed waits for the read models to have projected it (a loaded machine takes a while). */
const SEED_PROJECTED_TIMEOUT_MS = 60_000;

async function untilProjected(deps: AppDeps, position: LogPosition, log?: { info(msg: string): void }): Promise<void> {
  const projected = deps.waitFor ? await deps.waitFor(position, SEED_PROJECTED_TIMEOUT_MS, Object.values(READ_MODELS)).catch(() => false) : true;
  if (projected === false) log?.info(`The demo's read models are still catching up after ${SEED_PROJECTED_TIMEOUT_MS / 1000} s; its pages fill in as they do`);
}

/**
 * Give a seeded account its assignments unless its stream already records some (so a seed run
 * again, or an admin's change since, is left alone). Answers the position appended at, if any.
 */
async function assignOnce(
  deps: AppDeps,
  userId: string,
  assignments: { fleets?: string[]; vesselIds?: string[] },
  context: CommandContext,
): Promise<LogPosition | undefined> {
  const events = await deps.store.readStream(userStreamId(userId));
  if (events.length === 0) return undefined;
  let last: LogPosition | undefined;
  if (assignments.fleets && !events.some((e) => e.type === 'UserFleetsAssigned')) {
    last = (await assignFleets(deps, userId, { fleets: assignments.fleets }, context, { waitForReadModels: false })).position ?? last;
  }
  if (assignments.vesselIds && !events.some((e) => e.type === 'UserVesselsAssigned')) {
    last = (await assignVessels(deps, userId, { vesselIds: assignments.vesselIds }, context, { waitForReadModels: false })).position ?? last;
  }
  return last;
}

/** The demo's other people (issue 9): an auditor of one fleet, and a second company with its own vessels. */
export const AUDITOR_ACCOUNT = {
  email: 'auditor@medchest.example',
  password: 'medchest-audit',
  firstName: 'Ines',
  lastName: 'Auditor',
  role: 'auditor' as Role,
  /** The one demo fleet the auditor reads. */
  fleet: 'North Atlantic Fleet',
};
export const SECOND_COMPANY_ACCOUNT = {
  email: 'harbour@medchest.example',
  password: 'medchest-harbour',
  firstName: 'Harald',
  lastName: 'Harbour',
  role: 'fleet_manager' as Role,
  company: 'Harbour Lines Ltd',
};
/** The second company's two vessels: created by its fleet manager, so theirs alone. */
export const SECOND_COMPANY_VESSELS = [
  { vesselName: 'Harbour Pioneer', imoNumber: '9512006', flagState: 'BAHAMAS', crewSizeCategory: 14, fleet: 'Harbour Lines Fleet', ownershipCompany: 'Harbour Lines Ltd' },
  { vesselName: 'Harbour Venture', imoNumber: '9512018', flagState: 'LIBERIA', crewSizeCategory: 22, fleet: 'Harbour Lines Fleet', ownershipCompany: 'Harbour Lines Ltd' },
] as const;

/**
 * The demo's other accounts, so isolation can be seen: an auditor reading one fleet of the demo
 * owner, and a fleet manager of another company with two vessels of its own (the demo owner never
 * sees them, nor they the demo fleet). Idempotent like seedDemo.
 */
export async function seedDemoPeople(
  deps: AppDeps,
  options: { today?: string; now?: () => Date; log?: { info(msg: string): void } } = {},
): Promise<void> {
  // Here since the demo's first day too, so "as of" any day of its year works on their vessels.
  const today = options.today ?? isoToday(options.now?.() ?? new Date());
  const context: CommandContext = { userId: null, correlationId: seedCorrelationPrefix(), now: accountsMadeAt(today, 10) };
  let last: LogPosition | undefined;
  for (const account of [AUDITOR_ACCOUNT, SECOND_COMPANY_ACCOUNT]) {
    const userId = userIdForEmail(account.email);
    if ((await deps.store.readStream(userStreamId(userId), { maxCount: 1 })).length > 0) {
      if (!(await findPasswordHash(deps.db, userId))) await savePasswordHash(deps.db, userId, await hashPassword(account.password));
      continue;
    }
    const { email, password, firstName, lastName, role } = account;
    last = (await registerUser(deps, { email, password, firstName, lastName, role, status: 'active', source: 'seed' }, context, { waitForReadModels: false })).position ?? last;
  }
  last = (await assignOnce(deps, userIdForEmail(AUDITOR_ACCOUNT.email), { fleets: [AUDITOR_ACCOUNT.fleet] }, context)) ?? last;
  const harbour = userIdForEmail(SECOND_COMPANY_ACCOUNT.email);
  const harbourContext = { ...context, userId: harbour };
  for (const vessel of SECOND_COMPANY_VESSELS) {
    const vesselId = demoVesselId(vessel.imoNumber);
    if ((await deps.store.readStream(vesselStreamId(vesselId), { maxCount: 1 })).length > 0) continue;
    try {
      const created = await createVessel(deps, vessel, harbourContext, { vesselId, waitForReadModels: false, assignTo: harbour });
      last = created.position ?? last;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') continue; // someone else's vessel holds the IMO number
      throw error;
    }
  }
  if (last) {
    await untilProjected(deps, last, options.log);
    options.log?.info('Seeded the demo people: an auditor and a second company');
  }
}

/**
 * Stock one demo vessel's chest through the bulk import, as a user's import would. Skipped when
 * the inventory already has events, or when the demo vessel is not there (deleted by a user, or
 * never created because someone else's vessel holds its IMO number). The requirements follow the
 * vessel as recorded (its crew and medical profile may have been edited since it was seeded).
 * The import's ids are fixed, so a second seeder racing this one is refused as a conflict rather
 * than adding the chest twice. Answers the position appended at, or undefined when skipped.
 */
async function stockDemoChest(
  deps: AppDeps,
  imoNumber: string,
  today: string,
  context: CommandContext,
  log?: { info(msg: string): void },
): Promise<LogPosition | undefined> {
  const vesselId = demoVesselId(imoNumber);
  if ((await deps.store.readStream(inventoryStreamId(vesselId), { maxCount: 1 })).length > 0) return undefined;
  const { state } = await vessels.load(deps, vesselId);
  if (state.status !== 'active') return undefined;

  const items = demoChest({
    scale: loadShippedScale(),
    profile: medicalProfileOf(state.details),
    imoNumber,
    today,
    target: demoChestStatus(imoNumber),
  });
  try {
    const result = await bulkImport(deps, vesselId, { fileName: DEMO_CHEST_FILE_NAME, items }, context, {
      waitForReadModels: false,
      ids: { importId: demoChestIds(vesselId).importId, batchId: (index) => demoChestIds(vesselId).batchId({ final: index }) },
    });
    // The rows are generated against the same scale; a refused one is a bug in the generator.
    if (result.errorCount > 0) log?.info(`Demo chest of ${state.details.vesselName}: ${result.errors.join('; ')}`);
    return result.position;
  } catch (error) {
    // Stocked meanwhile by another seeder, or the vessel deleted meanwhile: theirs wins.
    if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) return undefined;
    throw error;
  }
}
