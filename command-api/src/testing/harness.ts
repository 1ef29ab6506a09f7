import { comparePositions, LOG_START, type RecordedEvent } from '@medchest/eventstore';
import { createPostgresEventStore, lastCommittedPosition, type PostgresEventStore } from '@medchest/eventstore/postgres/index';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { createPgSessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import { assignFleets, assignVessels, registerUser } from '../commands/users';
import { eventCodec, type Role, type UserStatus } from '@medchest/domain';

/**
 * A real MedChest API for one test file: its own PostgreSQL database, the PostgreSQL event store,
 * migrated read models and the real projection runner (so read-your-writes is exercised), driven
 * with app.inject (no port).
 */
export async function startTestApp(label: string, options: Partial<Omit<BuildAppOptions, 'store' | 'db' | 'waitFor' | 'sessions'>> = {}) {
  // A copy of the run's migrated template (store.init and migrateReadModels then find it done).
  const database = await createTestDatabase(label, { from: 'app' });
  const store = createPostgresEventStore({ connectionString: database.url, poolSize: 4 });
  await store.init();
  const db = createReadModelDb(database.url, { maxConnections: 5 });
  await migrateReadModels(db);
  const runner = createProjectionRunner({ db, store, onError: () => {} });
  await runner.start();
  const sessions = createPgSessionStore({ connectionString: database.url });
  const app = await buildApp({ store, db, waitFor: runner.waitFor, sessions, webDist: false, ...options });
  const deps: AppDeps = { store, codec: eventCodec, db, waitFor: runner.waitFor };
  let vesselCount = 0;

  return {
    app,
    store,
    db,
    runner,
    deps,
    databaseUrl: database.url,
    /** Every event in the log, in order. */
    allEvents: () => readAllEvents(store),
    /**
     * Waits until every read model has projected the whole log as it is now: for a test that
     * arranged much (a seed) and reads it back, where each command's own bounded wait may have
     * given up on a loaded machine.
     */
    async caughtUp(timeoutMs = 60_000) {
      const last = await lastCommittedPosition(store.pool);
      if (last && !(await runner.waitFor(last, timeoutMs))) throw new Error(`the read models did not catch up within ${timeoutMs} ms`);
    },
    /** An account straight through the command (no HTTP): for arranging a test. */
    async createUser(email: string, password: string, role: Role, status: UserStatus = 'active', names: { firstName?: string; lastName?: string } = {}) {
      const registered = await registerUser(deps, { email, password, role, status, source: 'admin', ...names }, { userId: null, correlationId: 'test', now: new Date() });
      // The command waits 5 s at most; a test that logs in next needs the account there however
      // loaded the machine is.
      if (registered.position) await runner.waitFor(registered.position, 60_000, ['users']);
      return registered;
    },
    /** One request through app.inject, with the session cookie and the JSON body when given. */
    send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
      return app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    /**
     * A vessel created through the API with the given cookie: a name and an IMO number of its own
     * on each call (`{label} {n}`, `TST{n}`), crew 20, Panama, then the overrides. Returns its id.
     */
    async createVessel(cookie: string, overrides: Record<string, unknown> = {}): Promise<string> {
      vesselCount += 1;
      const response = await this.send('POST', '/api/vessels', cookie, {
        vesselName: `${label} ${vesselCount}`,
        imoNumber: `TST${String(vesselCount).padStart(5, '0')}`,
        flagState: 'PANAMA',
        crewSizeCategory: 20,
        ...overrides,
      });
      if (response.statusCode !== 201) throw new Error(`creating a vessel failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { id: string }).id;
    },
    /**
     * A vessel (as createVessel) whose chest holds one batch of IMGS01, 20 units, bulk-imported
     * through the API: for tests that need ids of both. Returns both ids.
     */
    async createVesselWithBatch(cookie: string): Promise<{ vesselId: string; batchId: string }> {
      const vesselId = await this.createVessel(cookie);
      const imported = await this.send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, cookie, {
        fileName: 'chest.csv',
        items: [{ scaleId: 'IMGS01', productName: 'Aspirin', quantityOnBoard: 20, expiryDate: '2030-01-31', batchNumber: 1 }],
      });
      if (imported.statusCode !== 200) throw new Error(`importing a batch failed: ${imported.statusCode} ${imported.body}`);
      const batches = (await this.send('GET', `/api/vessels/${vesselId}/inventory`, cookie)).json() as { id: string }[];
      return { vesselId, batchId: batches[0]!.id };
    },
    /** Give a user these vessels and fleets (the whole lists), as an admin would. */
    async assign(userId: string, assignments: { vesselIds?: string[]; fleets?: string[] }) {
      const context = { userId: null, correlationId: 'test', now: new Date() };
      if (assignments.vesselIds) await assignVessels(deps, userId, { vesselIds: assignments.vesselIds }, context);
      if (assignments.fleets) await assignFleets(deps, userId, { fleets: assignments.fleets }, context);
    },
    /** A captain of one vessel (accountType captain), logged in: returns the cookie header. */
    async captainOf(vesselId: string, email = `captain-${vesselId.slice(0, 8)}@fleet.example`): Promise<string> {
      await registerUser(
        deps,
        { email, password: 'captain-pass', role: 'captain', status: 'active', source: 'admin', accountType: 'captain', vesselId },
        { userId: null, correlationId: 'test', now: new Date() },
      );
      return this.login(email, 'captain-pass');
    },
    /** Log in and return the cookie header to send with the next requests. */
    async login(email: string, password: string): Promise<string> {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return sessionCookie(response);
    },
    /**
     * One signed-in session per kind of caller the access rules tell apart: a fleet manager, an
     * admin, a captain and a pending account. Returns their cookie headers.
     */
    async sessionsForEveryRole() {
      const accounts = [
        ['manager', 'fleet_manager', 'active'],
        ['admin', 'admin', 'active'],
        ['captain', 'captain', 'active'],
        ['pending', 'fleet_manager', 'pending'],
      ] as const;
      const cookies: Record<(typeof accounts)[number][0], string> = { manager: '', admin: '', captain: '', pending: '' };
      for (const [name, role, status] of accounts) {
        await this.createUser(`${name}@fleet.example`, `${name}-pass`, role, status);
        cookies[name] = await this.login(`${name}@fleet.example`, `${name}-pass`);
      }
      return cookies;
    },
    async close() {
      await app.close();
      await runner.stop();
      await sessions.close();
      await db.destroy();
      await store.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Every event committed so far, in log order. The store hands out only what transactions older
 * than every one still running on the server wrote (readLogPage's horizon), and the other test
 * files share the server: one of their transactions can hold back an event this file has just
 * appended. So the last committed event is read from the table itself, and the log read until it
 * has been handed out.
 */
async function readAllEvents(store: PostgresEventStore, timeoutMs = 30_000): Promise<RecordedEvent[]> {
  const last = await lastCommittedPosition(store.pool);
  const deadline = Date.now() + timeoutMs;
  const events: RecordedEvent[] = [];
  let from = LOG_START;
  for (;;) {
    const batch = await store.readAll({ from, maxCount: 1000 });
    events.push(...batch);
    if (batch.length > 0) from = batch[batch.length - 1].position;
    else if (!last || comparePositions(from, last) >= 0) return events;
    else if (Date.now() > deadline) throw new Error(`the log was held back for ${timeoutMs} ms by a transaction still running`);
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `name=value` of the session cookie a response set. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'medchest_session');
  if (!cookie) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
}

export type App = FastifyInstance;
