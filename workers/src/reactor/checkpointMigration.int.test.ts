import { guardPool, type LogPosition } from '@medchest/eventstore';
import { createReadModelDb, LEGACY_REACTOR_CHECKPOINTS_DDL } from '@medchest/projections';
import { migrateReadModelsAsShipped } from '@medchest/projections/testing/migrations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { MAIL_QUEUE } from '../mail/queue';
import { startWorkers, type Workers } from '../startWorkers';
import { createWorkersTestEnvironment, sleep, waitFor, type WorkersTestEnvironment } from '../testing/environment';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtpServer';

/** The read-model migrations of the version before 0012_follower_checkpoints merged the reactors' checkpoints in. */
const SHIPPED_BEFORE_THE_MERGE = [
  '0001_projection_checkpoints', '0002_vessels', '0003_users', '0004_fleet_compliance', '0005_activities', '0006_email_messages',
  '0007_inventory_batches', '0008_inventory_imports', '0009_activity_inventory', '0010_vessel_medical_profile', '0011_medical_chest',
  '0020_assignments', '0021_email_recipient', '0022_user_deletions', '0030_certificates', '0040_orders', '0050_activity_log',
  '0051_vessel_history', '0052_reports', '0060_inventory_batch_version',
];
const N = 5;

let env: WorkersTestEnvironment;
let pool: pg.Pool;
let server: TestSmtpServer;
let workers: Workers | undefined;

beforeAll(async () => {
  env = await createWorkersTestEnvironment('ckmerge');
  pool = guardPool(new pg.Pool({ connectionString: env.databaseUrl, max: 2 }));
  server = await startTestSmtpServer();
});
afterAll(async () => {
  await workers?.stop();
  await server?.close();
  await pool?.end();
  await env?.cleanup();
});

describe('merging the reactors\' checkpoints into the follower checkpoint store', () => {
  it(`a reactor that had handled ${N} approvals before the migration mails none of them again after it`, async () => {
    // The database as the version before left it: its read-model migrations, and
    // the workers' own reactor_checkpoints with each reactor just past the N approvals it mailed.
    const db = createReadModelDb(env.databaseUrl);
    try {
      await migrateReadModelsAsShipped(db, SHIPPED_BEFORE_THE_MERGE);
    } finally {
      await db.destroy();
    }
    const before: { eventId: string; position: LogPosition }[] = [];
    for (let i = 1; i <= N; i += 1) before.push(await env.approveUser({ email: `before-merge-${i}@ship.example` }));
    const handled = before[N - 1].position;
    await pool.query(LEGACY_REACTOR_CHECKPOINTS_DDL);
    await pool.query(
      `INSERT INTO reactor_checkpoints (name, commit_position, event_position)
       VALUES ('account-approved-mail', $1, $2), ('existing-account-signup-mail', $1, $2)`,
      [handled.commit.toString(), handled.event.toString()],
    );

    // The new version starts (it migrates), with an empty queue prefix, as if Redis had been
    // emptied too: only the carried checkpoint stands between the old approvals and their mails.
    workers = await startWorkers({
      store: env.store,
      databaseUrl: env.databaseUrl,
      redisUrl: env.redisUrl,
      smtpUrl: server.url,
      queuePrefix: env.newQueuePrefix(),
      mailOptions: { attempts: 2, backoffMs: 50 },
      log: silentLogger,
    });
    const after = await env.approveUser({ email: 'after-merge@ship.example' });
    await waitFor('the mail of the approval after the migration', async () => (await env.dispatched(after.eventId)).length > 0);
    await sleep(300);

    expect(server.received.map((mail) => mail.to)).toEqual([['after-merge@ship.example']]);
    for (const { eventId } of before) {
      expect(await workers.queue(MAIL_QUEUE).getJob(eventId)).toBeUndefined();
      expect(await env.dispatched(eventId)).toEqual([]);
    }
    const { rows } = await pool.query<{ name: string; kind: string }>(
      `SELECT name, kind FROM follower_checkpoints WHERE kind = 'reactor' ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['account-approved-mail', 'existing-account-signup-mail']));
    const legacy = await pool.query(`SELECT to_regclass('reactor_checkpoints') AS table`);
    expect(legacy.rows[0].table).toBeNull();
  });
});
