import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventData } from '@medchest/domain';
import { silentLogger } from '../logger';
import { startWorkers, type StartWorkersOptions, type Workers } from '../startWorkers';
import { createWorkersTestEnvironment, waitFor, type WorkersTestEnvironment } from '../testing/environment';
import { freePort, startTestSmtpServer, type TestSmtpServer } from '../testing/smtpServer';

const SUBJECT = 'Your MedChest account is approved';

let env: WorkersTestEnvironment;
const started: Workers[] = [];
const servers: TestSmtpServer[] = [];

beforeAll(async () => {
  env = await createWorkersTestEnvironment('mail');
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((workers) => workers.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await env?.cleanup();
});

async function smtp(options?: Parameters<typeof startTestSmtpServer>[0]) {
  const server = await startTestSmtpServer(options);
  servers.push(server);
  return server;
}

async function start(options: Partial<StartWorkersOptions> & { attempts?: number } = {}) {
  const { attempts = 3, ...rest } = options;
  const workers = await startWorkers({
    store: env.store,
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    queuePrefix: env.newQueuePrefix(),
    mailOptions: { attempts, backoffMs: 50, appUrl: 'https://medchest.example', connectionTimeoutMs: 2000 },
    log: silentLogger,
    ...rest,
  });
  started.push(workers);
  return workers;
}

async function outcome(messageId: string) {
  const events = await waitFor('the outcome to be recorded', async () => {
    const recorded = await env.dispatched(messageId);
    return recorded.length > 0 ? recorded : undefined;
  });
  expect(events).toHaveLength(1);
  expect(events[0].type).toBe('EmailDispatched');
  return { event: events[0], data: events[0].data as EventData<'EmailDispatched'> };
}

describe('the account-approved mail', () => {
  it('reaches an approved user exactly once and is recorded as sent on the first attempt', async () => {
    const server = await smtp();
    await start({ smtpUrl: server.url });
    const { eventId } = await env.approveUser({ email: 'ada@ship.example', firstName: 'Ada', correlationId: 'req-approve-ada' });

    const { event, data } = await outcome(eventId);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail.to).toEqual(['ada@ship.example']);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.raw).toContain('Hello Ada,');
    expect(mail.raw).toContain('https://medchest.example/login');
    expect(data).toMatchObject({
      messageId: eventId,
      to: 'ada@ship.example',
      subject: SUBJECT,
      template: 'account-approved',
      status: 'sent',
      attempts: 1,
      causationEventId: eventId,
    });
    expect(event.streamId).toBe(`email-${eventId}`);
    expect(event.metadata).toMatchObject({ userId: null, correlationId: 'req-approve-ada' });
  });

  it('is delivered once, after retries, when the mail server refuses the first connections', async () => {
    const server = await smtp({ rejectFirst: 2 });
    await start({ smtpUrl: server.url, attempts: 5 });
    const { eventId } = await env.approveUser({ email: 'bo@ship.example' });

    const { data } = await outcome(eventId);
    expect(server.rejected).toBe(2);
    expect(server.received.filter((mail) => mail.to.includes('bo@ship.example'))).toHaveLength(1);
    expect(data).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('is delivered once when the mail server only starts listening after the first attempts failed', async () => {
    const server = await smtp({ listen: false });
    const workers = await start({ smtpUrl: server.url, attempts: 6 });
    const { eventId } = await env.approveUser({ email: 'cy@ship.example' });

    await waitFor('a failed delivery attempt', async () => {
      const job = await workers.queue('mail').getJob(eventId);
      return (job?.attemptsMade ?? 0) >= 1;
    });
    await server.listen();

    const { data } = await outcome(eventId);
    expect(server.received.filter((mail) => mail.to.includes('cy@ship.example'))).toHaveLength(1);
    expect(data.status).toBe('sent');
    expect(data.attempts).toBeGreaterThan(1);
  });

  it('is recorded as failed, with the error, when the mail server is never reachable', async () => {
    const port = await freePort();
    const workers = await start({ smtpUrl: `smtp://127.0.0.1:${port}`, attempts: 3 });
    const { eventId } = await env.approveUser({ email: 'di@ship.example' });

    const { data } = await outcome(eventId);
    expect(data).toMatchObject({ status: 'failed', attempts: 3, to: 'di@ship.example' });
    expect(data.error).toMatch(/ECONNREFUSED|connect/i);
    const job = await waitFor('the job to end failed', async () => {
      const found = await workers.queue('mail').getJob(eventId);
      return (await found?.getState()) === 'failed' ? found : undefined;
    });
    expect(job.attemptsMade).toBe(3);
  });

  it('is recorded but not delivered when no SMTP_URL is configured', async () => {
    const server = await smtp();
    await start({ smtpUrl: undefined });
    const { eventId } = await env.approveUser({ email: 'ed@ship.example' });

    const { data } = await outcome(eventId);
    expect(data).toMatchObject({ status: 'recorded', attempts: 1, to: 'ed@ship.example', subject: SUBJECT });
    expect(server.received).toHaveLength(0);
  });
});
