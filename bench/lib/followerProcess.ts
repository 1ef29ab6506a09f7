/**
 * A follower of the log in a process of its own, for bench/append.bench.ts: the product's one
 * follower mechanism (createFollower: lease, checkpoint store, catch-up/subscribe loop) with one
 * member that receives every event of the log and moves its checkpoint per batch, doing nothing
 * else, so what it costs the writers is the cost of being followed.
 *
 * Run as a child with an IPC channel:
 * `node --import tsx bench/lib/followerProcess.ts DATABASE_URL READ_INTERVAL_MS`.
 * It answers 'report' with { received, last } (last: 'commit/event' of the last event received)
 * and exits on 'stop'. Its checkpoint row (FOLLOWER_NAME) says where it starts.
 */
import { createPostgresEventStore, type LogPosition } from '@medchest/eventstore';
import { advanceCheckpoints, createFollower, createReadModelDb } from '@medchest/projections';
import { FOLLOWER_NAME, type FollowerReport } from './followerReport';


const databaseUrl = process.argv[2];
const readIntervalMs = Number(process.argv[3] ?? 0);
if (!databaseUrl || !process.send) throw new Error('run as a child process with an IPC channel and a database URL');

const store = createPostgresEventStore({ connectionString: databaseUrl, poolSize: 2 });
const db = createReadModelDb(databaseUrl, { maxConnections: 2 });
let received = 0;
let batches = 0;
let last: LogPosition | undefined;
const follower = createFollower({
  kind: 'reactor',
  db,
  store,
  members: [{ name: FOLLOWER_NAME }],
  batchSize: 500,
  readIntervalMs,
  async handle(held, checkpoints, events) {
    const to = events[events.length - 1].position;
    await advanceCheckpoints(db, new Map(held.map((m) => [m.name, checkpoints.get(m.name)!])), to);
    for (const m of held) checkpoints.set(m.name, to);
    received += events.length;
    batches += 1;
    last = to;
  },
  onError: (error) => console.error('[bench follower]', error),
});

await follower.start();
process.on('message', (message) => {
  if (message === 'report') {
    const report: FollowerReport = { received, batches, last: last ? `${last.commit}/${last.event}` : '' };
    process.send!(report);
  } else if (message === 'stop') {
    void follower
      .stop()
      .then(() => Promise.all([store.close(), db.destroy()]))
      .finally(() => process.exit(0));
  }
});
process.send('ready');
