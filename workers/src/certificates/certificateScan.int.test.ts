import { currentEventVersion, isoToday, userStreamId, vesselStreamId, type DomainEvent } from '@medchest/domain';
import { createProjectionRunner, createReadModelDb, migrateReadModels, type ProjectionRunner } from '@medchest/projections';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { startWorkers } from '../startWorkers';
import { EXPIRY_SCAN_QUEUE } from '../expiry-scan/queue';
import { createWorkersTestEnvironment, waitFor, type WorkersTestEnvironment } from '../testing/environment';
import { startTestSmtpServer } from '../testing/smtpServer';
import { createCertificateScan } from './scan';

let env: WorkersTestEnvironment;
let db: ReturnType<typeof createReadModelDb>;
let runner: ProjectionRunner;

const today = isoToday();
const inDays = (days: number) => isoToday(new Date(Date.now() + days * 86_400_000));

const append = (streamId: string, event: DomainEvent) =>
  env.store.appendToStream(
    streamId,
    [{ type: event.type, version: currentEventVersion(event.type), data: event.data, metadata: { userId: null, correlationId: 'test', occurredAt: new Date().toISOString() } }],
    { expected: 'any' },
  );

const FLEET = 'Scan Fleet';
const vessels = {
  expiredA: { id: randomUUID(), name: 'Expired Alpha', expiry: inDays(-1) },
  expiredB: { id: randomUUID(), name: 'Expired Bravo', expiry: inDays(-40) },
  expiring: { id: randomUUID(), name: 'Expiring Charlie', expiry: inDays(10) },
  valid: { id: randomUUID(), name: 'Valid Delta', expiry: inDays(200) },
};

async function vessel(v: { id: string; name: string; expiry: string }, index: number) {
  await append(vesselStreamId(v.id), {
    type: 'VesselCreated',
    data: {
      vesselId: v.id,
      details: { vesselName: v.name, imoNumber: `SCAN${index}000`, flagState: 'PANAMA', crewSizeCategory: 12, fleet: FLEET, medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false },
    },
  });
  return append(vesselStreamId(v.id), {
    type: 'CertificateRecorded',
    data: { vesselId: v.id, vesselName: v.name, expiryDate: v.expiry, certificateIssuer: 'Panama Maritime Authority' },
  });
}

async function certificateExpiredEvents() {
  const counts = new Map<string, number>();
  for (const v of Object.values(vessels)) {
    const events = await env.store.readStream(vesselStreamId(v.id));
    counts.set(v.name, events.filter((e) => e.type === 'CertificateExpired').length);
  }
  return Object.fromEntries(counts);
}

beforeAll(async () => {
  env = await createWorkersTestEnvironment('certificates');
  db = createReadModelDb(env.databaseUrl, { maxConnections: 4 });
  await migrateReadModels(db);
  runner = createProjectionRunner({ db, store: env.store, onError: () => {} });
  await runner.start();
  const managerId = randomUUID();
  await append(userStreamId(managerId), {
    type: 'UserRegistered',
    data: { userId: managerId, email: 'fleet.manager@scan.example', firstName: 'Mara', role: 'fleet_manager', status: 'active', source: 'admin' },
  });
  // Another fleet's manager: never reminded of this fleet's certificates.
  const otherId = randomUUID();
  await append(userStreamId(otherId), {
    type: 'UserRegistered',
    data: { userId: otherId, email: 'other@scan.example', role: 'fleet_manager', status: 'active', source: 'admin' },
  });
  await append(userStreamId(managerId), { type: 'UserFleetsAssigned', data: { userId: managerId, fleets: [FLEET] } });
  let last;
  let index = 1;
  for (const v of Object.values(vessels)) last = await vessel(v, index++);
  expect(await runner.waitFor(last!.position, 10_000)).toBe(true);
});

afterAll(async () => {
  await runner?.stop();
  await db?.destroy();
  await env?.cleanup();
});

describe('the certificate expiry scan', () => {
  it('records exactly one CertificateExpired per expired certificate: killed half-way then rerun, run twice, two at once', async () => {
    const scan = (afterEach?: () => void) => createCertificateScan({ store: env.store, db, appUrl: 'https://medchest.example', log: silentLogger, afterEach })(new Date());
    // Killed after the first certificate it looked at.
    let seen = 0;
    await expect(
      scan(() => {
        if (++seen === 1) throw new Error('worker killed');
      }),
    ).rejects.toThrow('worker killed');
    await scan();
    await scan();
    await Promise.all([scan(), scan()]);
    expect(await certificateExpiredEvents()).toEqual({ 'Expired Alpha': 1, 'Expired Bravo': 1, 'Expiring Charlie': 0, 'Valid Delta': 0 });

    const expired = (await env.store.readStream(vesselStreamId(vessels.expiredA.id))).find((e) => e.type === 'CertificateExpired');
    expect(expired?.data).toMatchObject({ expiryDate: vessels.expiredA.expiry, expiredOn: today, certificateIssuer: 'Panama Maritime Authority' });
    // Both expiries are projected before the activity lines are read: wait for the later one.
    const expiries = [vessels.expiredA, vessels.expiredB].map(async (v) => (await env.store.readStream(vesselStreamId(v.id))).find((e) => e.type === 'CertificateExpired')!);
    for (const event of await Promise.all(expiries)) expect(await runner.waitFor(event.position, 10_000)).toBe(true);
    const lines = await db.selectFrom('activities').select(['activity_type', 'vessel_id']).where('activity_type', '=', 'certificate_expired').execute();
    expect(lines.map((l) => l.vessel_id).sort()).toEqual([vessels.expiredA.id, vessels.expiredB.id].sort());
  });

  it('mails the fleet managers in scope once per certificate entering its last 30 days, never again on the next runs', async () => {
    const smtp = await startTestSmtpServer();
    const workers = await startWorkers({
      store: env.store,
      databaseUrl: env.databaseUrl,
      redisUrl: env.redisUrl,
      smtpUrl: smtp.url,
      queuePrefix: env.newQueuePrefix(),
      readModels: db,
      mailOptions: { attempts: 2, backoffMs: 50, appUrl: 'https://medchest.example' },
      reactors: [],
      log: silentLogger,
    });
    try {
      // The scan at start-up sends it.
      await waitFor('the reminder to arrive', () => smtp.received.length > 0, 15_000);
      // Two more runs (tomorrow's, a retry): nothing more is sent.
      const queue = workers.queue(EXPIRY_SCAN_QUEUE);
      for (const jobId of ['again-1', 'again-2']) {
        const job = await queue.add('scan', {}, { jobId });
        await waitFor('the scan to finish', async () => (await queue.getJob(job.id!))?.finishedOn !== undefined, 15_000);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['fleet.manager@scan.example']);
      expect(mail!.subject).toBe('Medical chest certificate of Expiring Charlie expires in 10 days');
      expect(mail!.raw).toContain('Hello Mara,');
      // Quoted-printable wraps long lines with a soft break ('=' at the end): read it unwrapped.
      expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`https://medchest.example/vessels/${vessels.expiring.id}`);
    } finally {
      await workers.stop();
      await smtp.close();
    }
  });
});
