import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb } from './db';
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
  it("is each projection's rows version, moves only for the projections whose rows a batch changed, and is read by one prepared statement per connection", async () => {
    const log = createFakeLog();
    // One connection, so every read and the look at its prepared statements share it.
    const one = createReadModelDb(t.url, { maxConnections: 1 });
    try {
      const clock = createReadModelClock(one);
      await t.project([]);
      const watched = ['vessels', 'users'];
      const before = (await clock.now()).of(watched);
      const stored = async () =>
        (
          await sql<{ name: string; version: string; position: string }>`
            SELECT name, rows_version::text AS version, commit_position || '/' || event_position AS position
              FROM follower_checkpoints WHERE name IN ('vessels', 'users')`.execute(t.db)
        ).rows;
      const checkpoints = await stored();
      const versionOf = (name: string) => checkpoints.find((row) => row.name === name)!.version;
      expect(before).toBe(`vessels:${versionOf('vessels')},users:${versionOf('users')}`);
      expect((await clock.now()).of(['no-such-projection'])).toBe('no-such-projection:');

      // Every projection is handed the batch; only the vessels projection takes this event. The
      // users' checkpoint moves past it, but its rows did not change: its version stays.
      await t.project([log.record({ type: 'VesselCreated', data: { vesselId: 'c0000000-0000-4000-8000-000000000001', details: vesselDetails() } })]);
      const after = await clock.now();
      const moved = await stored();
      const users = (rows: typeof moved) => rows.find((row) => row.name === 'users')!;
      expect(users(moved).position).not.toBe(users(checkpoints).position);
      expect(after.of(['vessels'])).not.toBe(`vessels:${versionOf('vessels')}`);
      expect(after.of(['vessels'])).toMatch(/^vessels:\d+$/);
      expect(after.of(['users'])).toBe(`users:${versionOf('users')}`);

      for (let read = 0; read < 6; read++) await clock.now();
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%follower_checkpoints%'`.execute(one);
      expect(rows[0].n).toBe(1);
    } finally {
      await one.destroy();
    }
  });
});
