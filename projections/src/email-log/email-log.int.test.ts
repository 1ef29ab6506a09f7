import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelTestDb, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { listEmailMessages } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_email');
});
afterAll(async () => {
  await t?.close();
});

describe('email log', () => {
  it('records each dispatched message once, newest first, with its outcome', async () => {
    const log = createFakeLog();
    const sent = log.record({
      type: 'EmailDispatched',
      data: {
        messageId: 'm-1',
        to: 'jane@example.com',
        subject: 'Your MedChest account is approved',
        template: 'account-approved',
        status: 'sent',
        attempts: 3,
        causationEventId: 'e-1',
      },
    });
    const failed = log.record({
      type: 'EmailDispatched',
      data: {
        messageId: 'm-2',
        to: 'ola@example.com',
        subject: 'Your MedChest account is approved',
        template: 'account-approved',
        status: 'failed',
        attempts: 5,
        error: 'connect ECONNREFUSED 127.0.0.1:2525',
        causationEventId: 'e-2',
      },
    });
    await t.project([sent, failed]);
    await t.project([sent]);

    expect(await listEmailMessages(t.db)).toEqual([
      {
        messageId: 'm-2',
        to: 'ola@example.com',
        subject: 'Your MedChest account is approved',
        template: 'account-approved',
        status: 'failed',
        attempts: 5,
        error: 'connect ECONNREFUSED 127.0.0.1:2525',
        causationEventId: 'e-2',
        createdAt: failed.metadata.occurredAt,
      },
      {
        messageId: 'm-1',
        to: 'jane@example.com',
        subject: 'Your MedChest account is approved',
        template: 'account-approved',
        status: 'sent',
        attempts: 3,
        error: null,
        causationEventId: 'e-1',
        createdAt: sent.metadata.occurredAt,
      },
    ]);
  });
});
