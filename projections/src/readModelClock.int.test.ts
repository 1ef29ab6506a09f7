import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb } from './db';
import { allProjections } from './all';
import { createReadModelClock } from './readModelClock';
import { createReadModelTestDb, type ReadModelTestDb } from './testing/db';
import { createFakeLog, vesselDetails } from './testing/events';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_read_model_clock');
});
afterAll(async () => {
  await t?.close();
});

describe('where the read models stand', () => {
  it('is each projection\'s checkpoint, moves only for the projections that commit, and is read by one prepared statement per connection', async () => {
    const log = createFakeLog();
    // One connection, so every read and the look at its prepared statements share it.
    const one = createReadModelDb(t.url, { maxConnections: 1 });
    try {
      const clock = createReadModelClock(one);
      await t.project([]);
      const watched = ['vessels', 'users'];
      const before = (await clock.now()).of(watched);
      const { rows: checkpoints } = await sql<{ name: string; version: string }>`
        SELECT name, commit_position || ':' || event_position || ':' || extract(epoch FROM updated_at) AS version
          FROM follower_checkpoints WHERE name IN ('vessels', 'users')`.execute(t.db);
      const versionOf = (name: string) => checkpoints.find((row) => row.name === name)!.version;
      expect(before).toBe(`vessels:${versionOf('vessels')},users:${versionOf('users')}`);
      expect((await clock.now()).of(['no-such-projection'])).toBe('no-such-projection:');

      // Only the vessels projection takes this event: its part moves, the users' does not.
      const vessels = allProjections.filter((p) => p.name === 'vessels');
      await t.project([log.record({ type: 'VesselCreated', data: { vesselId: 'c0000000-0000-4000-8000-000000000001', details: vesselDetails() } })], vessels);
      const after = await clock.now();
      expect(after.of(['vessels'])).not.toBe(`vessels:${versionOf('vessels')}`);
      expect(after.of(['vessels'])).toMatch(/^vessels:\d+:\d+:[\d.]+$/);
      expect(after.of(['users'])).toBe(`users:${versionOf('users')}`);

      for (let read = 0; read < 6; read++) await clock.now();
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%follower_checkpoints%'`.execute(one);
      expect(rows[0].n).toBe(1);
    } finally {
      await one.destroy();
    }
  });
});
