import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentEventVersion, userStreamId } from '@medchest/domain';
import { comparePositions, guardPool, type LogPosition } from '@medchest/eventstore';
import pg from 'pg';
import { silentLogger } from '../logger';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { startWorkers, type StartWorkersOptions, type Workers } from '../startWorkers';
import { createWorkersTestEnvironment, sleep, waitFor, type WorkersTestEnvironment } from '../testing/environment';
import { freePort, startTestSmtpServer, type TestSmtpServer } from '../testing/smtpServer';
import { defineReactor } from './reactor';

const REACTOR = 'account-approved-mail';

let env: WorkersTestEnvironment;
let pool: pg.Pool;
let server: TestSmtpServer;
const started: Workers[] = [];

beforeAll(async () => {
  env = await createWorkersTestEnvironment('reactor');
  pool = guardPool(new pg.Pool({ connectionString: env.databaseUrl, max: 2 }));
  server = await startTestSmtpServer();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((workers) => workers.stop()));
});
afterAll(async () => {
  await server?.close();
  await pool?.end();
  await env?.cleanup();
});

async function start(options: Partial<StartWorkersOptions> = {}) {
  const workers = await startWorkers({
    store: env.store,
    pool,
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    smtpUrl: server.url,
    queuePrefix: env.newQueuePrefix(),
    mailOptions: { attempts: 3, backoffMs: 50 },
    reactorRestartDelayMs: 50,
    log: silentLogger,
    ...options,
  });
  started.push(workers);
  return workers;
}

async function stop(workers: Workers) {
  started.splice(started.indexOf(workers), 1);
  await workers.stop();
}

const mailsTo = (address: string) => server.received.filter((mail) => mail.to.includes(address));

async function recordedStatus(messageId: string) {
  return waitFor(`EmailDispatched for ${messageId}`, async () => {
    const events = await env.dispatched(messageId);
    return events.length > 0 ? events : undefined;
  });
}

/** The reactor's row in the one checkpoint store of the log's followers. */
async function checkpoint(name = REACTOR): Promise<LogPosition | undefined> {
  const { rows } = await pool.query<{ c: string; e: string; kind: string }>(
    'SELECT commit_position::text AS c, event_position::text AS e, kind FROM follower_checkpoints WHERE name = $1',
    [name],
  );
  if (rows.length === 0) return undefined;
  expect(rows[0].kind).toBe('reactor');
  return { commit: BigInt(rows[0].c), event: BigInt(rows[0].e) };
}

describe('reactors', () => {
  it('do not send a mail again when the workers restart from their checkpoint', async () => {
    const first = await start();
    const { eventId: before } = await env.approveUser({ email: 'before-restart@ship.example' });
    await recordedStatus(before);
    await stop(first);
    expect(await checkpoint()).toBeDefined();

    // A fresh queue prefix, as if Redis had been emptied: only the checkpoint stands between the
    // old event and a second mail.
    const second = await start();
    const { eventId: after } = await env.approveUser({ email: 'after-restart@ship.example' });
    await recordedStatus(after);

    expect(mailsTo('before-restart@ship.example')).toHaveLength(1);
    expect(mailsTo('after-restart@ship.example')).toHaveLength(1);
    expect(await second.queue(MAIL_QUEUE).getJob(before)).toBeUndefined();
    expect(await env.dispatched(before)).toHaveLength(1);
  });

  it('make no second job when an event is replayed (checkpoint lost) into the same queue', async () => {
    const prefix = env.newQueuePrefix();
    const first = await start({ queuePrefix: prefix });
    const { eventId, position: eventPosition } = await env.approveUser({ email: 'replayed@ship.example' });
    await recordedStatus(eventId);
    const job = await first.queue(MAIL_QUEUE).getJob(eventId);
    await waitFor('the job to complete', async () => (await job?.getState()) === 'completed');
    const original = (await first.queue(MAIL_QUEUE).getJob(eventId))!;
    await stop(first);

    await pool.query('DELETE FROM follower_checkpoints WHERE name = $1', [REACTOR]);
    const second = await start({ queuePrefix: prefix });
    await waitFor('the reactor to replay past the event', async () => {
      const at = await checkpoint();
      return at !== undefined && comparePositions(at, eventPosition) >= 0;
    });
    await sleep(200);

    const again = (await second.queue(MAIL_QUEUE).getJob(eventId))!;
    expect(again.timestamp).toBe(original.timestamp);
    expect(again.finishedOn).toBe(original.finishedOn);
    expect(await again.getState()).toBe('completed');
    expect(mailsTo('replayed@ship.example')).toHaveLength(1);
    expect(await env.dispatched(eventId)).toHaveLength(1);
  });

  it('make no second job when the same event id is enqueued again', async () => {
    const workers = await start();
    const queue = workers.queue(MAIL_QUEUE);
    const { eventId } = await env.approveUser({ email: 'enqueued-twice@ship.example' });
    await recordedStatus(eventId);
    await waitFor('the job to complete', async () => (await (await queue.getJob(eventId))?.getState()) === 'completed');
    const original = (await queue.getJob(eventId))!;
    const countsBefore = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');

    const duplicate = await queue.add(original.name, original.data as MailJobData, { jobId: eventId });
    expect(duplicate.id).toBe(eventId);
    await sleep(200);

    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed')).toEqual(countsBefore);
    expect((await queue.getJob(eventId))!.timestamp).toBe(original.timestamp);
    expect(mailsTo('enqueued-twice@ship.example')).toHaveLength(1);
    expect(await env.dispatched(eventId)).toHaveLength(1);
  });

  it('move their checkpoint past events they do not react to, without making jobs', async () => {
    const workers = await start();
    const userId = randomUUID();
    const eventId = randomUUID();
    const { position } = await env.store.appendToStream(
      userStreamId(userId),
      [
        {
          id: eventId,
          type: 'UserSuspended',
          version: currentEventVersion('UserSuspended'),
          data: { userId },
          metadata: { userId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
        },
      ],
      { expected: 'no_stream' },
    );
    await waitFor('the checkpoint to pass the event', async () => {
      const at = await checkpoint();
      return at !== undefined && comparePositions(at, position) >= 0;
    });
    expect(await workers.queue(MAIL_QUEUE).getJob(eventId)).toBeUndefined();
  });

  it('restart from their checkpoint after a failure, and a new reactor is one definition', async () => {
    let calls = 0;
    const flaky = defineReactor<MailJobData>({
      name: 'flaky-approval-notice',
      queue: MAIL_QUEUE,
      streamPrefixes: ['user-'],
      on: {
        UserApproved: (event) => {
          calls += 1;
          if (calls === 1) throw new Error('first try fails');
          return {
            name: 'approval-notice',
            data: {
              to: event.data.email,
              subject: 'Approval notice',
              text: 'approved',
              template: 'approval-notice',
              causationEventId: event.id,
              correlationId: event.metadata.correlationId,
            },
          };
        },
      },
    });
    // Start after the earlier events so only this test's event reaches the new reactor.
    await pool.query(
      `INSERT INTO follower_checkpoints (name, kind, commit_position, event_position)
       SELECT $1, 'reactor', max(commit_position), max(event_position) FROM follower_checkpoints WHERE kind = 'reactor'`,
      [flaky.name],
    );

    const workers = await start({ reactors: [flaky] });
    const { eventId } = await env.approveUser({ email: 'flaky@ship.example' });
    await recordedStatus(eventId);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(mailsTo('flaky@ship.example').map((mail) => mail.subject)).toEqual(['Approval notice']);
    const health = await workers.health();
    expect(health.ok).toBe(true);
    expect(health.reactors).toEqual([expect.objectContaining({ name: 'flaky-approval-notice', state: 'running' })]);
  });

  it('report their health: Redis reachable, reactors following, queue sizes', async () => {
    const workers = await start();
    // Every reactor of the default set (account approval, existing-account sign-up, ...) reports.
    await waitFor('the reactors to run', async () => {
      const { reactors } = await workers.health();
      return reactors.length > 0 && reactors.every((r) => r.state === 'running');
    });
    const health = await workers.health();
    expect(health).toMatchObject({ ok: true, redis: { ok: true } });
    expect(health.reactors).toContainEqual(expect.objectContaining({ name: REACTOR, state: 'running' }));
    expect(health.reactors.map((r) => r.name)).toContain('existing-account-signup-mail');
    expect(health.queues?.[MAIL_QUEUE]).toEqual(expect.objectContaining({ waiting: expect.any(Number) }));
  });

  it('stop promptly while a message waits for its next retry', async () => {
    const workers = await start({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      mailOptions: { attempts: 5, backoffMs: 60_000 },
    });
    const { eventId } = await env.approveUser({ email: 'waiting-retry@ship.example' });
    await waitFor('a failed attempt', async () => ((await workers.queue(MAIL_QUEUE).getJob(eventId))?.attemptsMade ?? 0) >= 1);
    const startedAt = Date.now();
    await stop(workers);
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });
});

describe('reactors in two processes', () => {
  it('run in one process at a time; the other takes over when it stops, and no mail goes out twice', async () => {
    const prefix = env.newQueuePrefix();
    const a = await start({ queuePrefix: prefix, reactorTakeoverIntervalMs: 50 });
    const b = await start({ queuePrefix: prefix, reactorTakeoverIntervalMs: 50 });
    const states = async (workers: Workers) => new Set((await workers.health()).reactors.map((r) => r.state));
    expect(await states(a)).toEqual(new Set(['running']));
    expect(await states(b)).toEqual(new Set(['standby']));
    // A standby is healthy: the reactors are followed, elsewhere.
    expect((await b.health()).ok).toBe(true);

    const { eventId: first } = await env.approveUser({ email: 'two-processes-1@ship.example' });
    await recordedStatus(first);
    await stop(a);
    await waitFor('the standby to take the reactors over', async () => (await states(b)).has('running') && !(await states(b)).has('standby'));
    const { eventId: second } = await env.approveUser({ email: 'two-processes-2@ship.example' });
    await recordedStatus(second);
    await sleep(200);
    expect(mailsTo('two-processes-1@ship.example')).toHaveLength(1);
    expect(mailsTo('two-processes-2@ship.example')).toHaveLength(1);
    expect(await env.dispatched(first)).toHaveLength(1);
  });
});
