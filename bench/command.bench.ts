/**
 * Add Vessel over HTTP (issue 8, "One command path"):
 *
 * 1. `command.add_vessel_round_trips`: the database round trips the server makes for one
 *    POST /api/vessels (session, stream reads, the append, the answer), counted by a statement
 *    counter on pg's Client.query, for the queries made inside the request only (an
 *    AsyncLocalStorage marks them; the projection runner following the log in the background is
 *    not counted). Goal: ≤ 4. Measured on app.inject, so nothing but the command is counted.
 * 2. `command.visible_p50_ms` / `_p99_ms`: command → visible in the read model, at a paced
 *    200 commands/s from 8 keep-alive clients over real HTTP. The API answers a command only once
 *    the read models it names (the vessel list among them) include it, so the time from sending
 *    the POST to its 201 is the time until the new vessel shows in the list; each answer is
 *    checked to hold the vessel. Goal: p99 ≤ 50 ms. `command.achieved_per_s` says what was sent.
 *
 * Run: npx tsx bench/command.bench.ts   (BENCH_SECONDS, BENCH_RATE, BENCH_CLIENTS)
 * The same file runs against an older checkout (it only uses HTTP and buildApp), which is how the
 * "before" figure of the issue note was taken.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eventCodec } from '@medchest/domain';
import { buildApp } from '@medchest/command-api/app';
import { createPgSessionStore } from '@medchest/command-api/auth/sessions';
import { registerUser } from '@medchest/command-api/commands/users';
import { sessionCookie } from '@medchest/command-api/testing/harness';
import { createPostgresEventStore } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import pg from 'pg';
import { percentile } from './lib/httpLoad';
import { recordFigure } from './lib/results';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const COUNTED_COMMANDS = 50;

// The statement counter: every query pg sends for a counted request. The request's async context
// (AsyncLocalStorage) does not reach every query: a pooled client handed out from an event keeps
// the context of whoever asked for it, so a client is tagged when it is checked out for a request.
const counting = new AsyncLocalStorage<{ statements: number }>();
type Counter = { statements: number };
type Tagged = { benchCounter?: Counter };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Tagged, ...args: unknown[]) {
  const counter = this.benchCounter ?? counting.getStore();
  if (counter) counter.statements += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
const originalConnect = pg.Pool.prototype.connect as (this: pg.Pool, cb?: unknown) => unknown;
pg.Pool.prototype.connect = function (this: pg.Pool, callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void) {
  const counter = counting.getStore();
  const tag = (client: (pg.PoolClient & Tagged) | undefined) => {
    if (client) client.benchCounter = counter;
  };
  if (typeof callback === 'function') {
    return originalConnect.call(this, (err: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => {
      tag(client);
      callback(err, client, done);
    });
  }
  return (originalConnect.call(this) as Promise<pg.PoolClient>).then((client) => {
    tag(client);
    return client;
  });
} as typeof pg.Pool.prototype.connect;

let imoSerial = 0;
const vesselBody = () => {
  imoSerial += 1;
  return { vesselName: `Bench Vessel ${imoSerial}`, imoNumber: `BCH${String(imoSerial).padStart(7, '0')}`, flagState: 'PANAMA', crewSizeCategory: 20 };
};

async function main() {
  const database = await createTestDatabase('bench_command');
  const store = createPostgresEventStore({ connectionString: database.url });
  await store.init();
  const db = createReadModelDb(database.url);
  await migrateReadModels(db);
  const runner = createProjectionRunner({ db, store, onError: (error) => console.error('[projections]', error) });
  await runner.start();
  const sessions = createPgSessionStore({ connectionString: database.url });
  const app = await buildApp({ store, db, waitFor: runner.waitFor, sessions, webDist: false });
  // A counted request carries the id of its counter; its handling runs in that counter's context
  // (set here, at the start of the request, since app.inject's own context does not reach it).
  const counters = new Map<string, Counter>();
  app.addHook('onRequest', (request, _reply, done) => {
    const counter = counters.get(String(request.headers['x-bench-counter']));
    if (counter) counting.enterWith(counter);
    done();
  });
  try {
    const deps = { store, codec: eventCodec, db, waitFor: runner.waitFor };
    await registerUser(deps, { email: 'manager@fleet.example', password: 'bench-pass', role: 'fleet_manager', status: 'active', source: 'admin' }, { userId: null, correlationId: 'bench', now: new Date() });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager@fleet.example', password: 'bench-pass' } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const cookie = sessionCookie(login);

    // 1. Round trips per command.
    const perCommand: number[] = [];
    for (let i = 0; i < COUNTED_COMMANDS; i++) {
      const counter = { statements: 0 };
      counters.set(String(i), counter);
      const response = await app.inject({ method: 'POST', url: '/api/vessels', headers: { cookie, 'x-bench-counter': String(i) }, payload: vesselBody() });
      if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
      perCommand.push(counter.statements);
    }
    perCommand.sort((a, b) => a - b);
    recordFigure('command.add_vessel_round_trips', percentile(perCommand, 0.5), 'statements (median)', { atMost: 4 });
    recordFigure('command.add_vessel_round_trips_max', perCommand[perCommand.length - 1], 'statements');

    // 2. Command → visible, paced over real HTTP.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}/api/vessels`;
    const latencies: number[] = [];
    const interval = (1000 * CLIENTS) / RATE;
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        // Open loop: each client has its own schedule, offset so the clients interleave.
        let next = started + (interval * client) / CLIENTS;
        while (next < end) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const body = vesselBody();
          const sent = performance.now();
          const response = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const answer = (await response.json()) as { imoNumber?: string };
          if (response.status !== 201 || answer.imoNumber !== body.imoNumber) throw new Error(`create failed: ${response.status}`);
          latencies.push(performance.now() - sent);
          next += interval;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    recordFigure('command.achieved_per_s', latencies.length / elapsed, `commands/s (asked ${RATE}, ${CLIENTS} clients)`);
    recordFigure('command.visible_p50_ms', percentile(latencies, 0.5), 'ms');
    recordFigure('command.visible_p99_ms', percentile(latencies, 0.99), 'ms', { atMost: 50 });
    // The same 201s, checked against the list a browser reads next.
    const listed = await app.inject({ method: 'GET', url: '/api/vessels', headers: { cookie } });
    const count = (listed.json() as unknown[]).length;
    if (count !== imoSerial) throw new Error(`the list shows ${count} vessels, ${imoSerial} were created`);
  } finally {
    await app.close();
    await runner.stop();
    await sessions.close();
    await db.destroy();
    await store.close();
    await database.drop();
  }
}

await main();
