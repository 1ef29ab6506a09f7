import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelTestDb, type ReadModelTestDb } from '../testing/db';
import { advanceCheckpoints, CheckpointMovedError, ensureCheckpoints, readCheckpoints } from './checkpoints';

let t: ReadModelTestDb;

beforeAll(async () => {
  t = await createReadModelTestDb('checkpoints');
});

afterAll(async () => {
  await t?.close();
});

const commitMode = async (db: Parameters<typeof advanceCheckpoints>[0]) =>
  (await sql<{ mode: string }>`SELECT current_setting('synchronous_commit') AS mode`.execute(db)).rows[0].mode;

describe('advanceCheckpoints', () => {
  it('moves the checkpoints and, asked to, has their transaction (and only it) commit without waiting for the WAL flush', async () => {
    await ensureCheckpoints(t.db, 'projection', ['cp-a', 'cp-b']);
    const at = await readCheckpoints(t.db, ['cp-a', 'cp-b']);
    const to = { commit: 7n, event: 70n };
    const modes = await t.db.transaction().execute(async (trx) => {
      const before = await commitMode(trx);
      await advanceCheckpoints(trx, at, to, { commitWithoutFlush: true });
      return { before, after: await commitMode(trx) };
    });
    expect(modes).toEqual({ before: 'on', after: 'off' });
    expect(await commitMode(t.db)).toBe('on');
    expect(await readCheckpoints(t.db, ['cp-a', 'cp-b'])).toEqual(new Map([['cp-a', to], ['cp-b', to]]));

    const next = { commit: 8n, event: 80n };
    const plain = await t.db.transaction().execute(async (trx) => {
      await advanceCheckpoints(trx, new Map([['cp-a', to]]), next);
      return commitMode(trx);
    });
    expect(plain).toBe('on');
    // Fenced: a checkpoint not where this follower left it does not move, and says so.
    await expect(advanceCheckpoints(t.db, new Map([['cp-b', next]]), { commit: 9n, event: 90n }, { commitWithoutFlush: true })).rejects.toBeInstanceOf(CheckpointMovedError);
  });
});
