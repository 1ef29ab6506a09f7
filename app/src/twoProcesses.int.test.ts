import { randomBytes, randomInt } from 'node:crypto';
import { imoCheckDigit } from '@medchest/domain';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { allProjections, createReadModelDb, LOCK_NAMESPACE, migrateReadModels } from '@medchest/projections';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePrefixFor } from './server';
import { demoLogin, startProductProcess, type ProductProcess as Product } from './testing/productProcess';

/**
 * Issue 14, "Beyond one process": two real product processes (app/src/main.ts, as `npm start`
 * runs it) on one database and one Redis prefix, each on its own port, taking commands side by side.
 */
let database: TestDatabase;
let db: ReturnType<typeof createReadModelDb>;
const products: Product[] = [];

async function startProduct(name: string): Promise<Product> {
  const product = await startProductProcess(name, database.url);
  products.push(product);
  return product;
}

const login = async (product: Product) => {
  const cookie = await demoLogin(product.base);
  expect(cookie).toMatch(/=/);
  return cookie;
};

async function call(product: Product, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.base}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let imoSerial = randomInt(100_000, 899_000);
function vesselForm(vesselName: string) {
  const firstSix = String((imoSerial += 1));
  return {
    vesselName,
    imoNumber: `${firstSix}${imoCheckDigit(firstSix)}`,
    flagState: 'PANAMA',
    crewSizeCategory: 24,
    contactName: 'Erik Halvorsen',
    contactPhone: '+47 22 41 18 90',
    contactEmail: 'master@two.example',
    fleet: 'Two Process Fleet',
    ownershipCompany: 'Twin Shipping AS',
    ownershipContactEmail: 'ops@twin.example',
    vesselType: 'BULK_CARRIER',
    onboardingDate: '2024-01-15',
    contractEndDate: '2027-01-14',
  };
}

/**
 * A vessel created on `product` and, at once, read back from the same process (read-your-writes),
 * then renamed there and read back again.
 */
async function createAndRename(product: Product, cookie: string, label: string): Promise<string> {
  const created = await call(product, cookie, 'POST', '/api/vessels', vesselForm(`MV ${label}`));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const read = await call(product, cookie, 'GET', `/api/vessels/${id}`);
  expect(read.status).toBe(200);
  expect(read.body.vesselName).toBe(`MV ${label}`);
  const renamed = await call(product, cookie, 'PUT', `/api/vessels/${id}`, { ...vesselForm(`MV ${label} renamed`), imoNumber: created.body.imoNumber });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  const list = await call(product, cookie, 'GET', '/api/vessels');
  expect((list.body as unknown as { id: string; vesselName: string }[]).find((v) => v.id === id)?.vesselName).toBe(`MV ${label} renamed`);
  return id;
}

/** The follower leases (advisory locks) held, by the application_name of the process holding them. */
async function leaseHolders(): Promise<Map<string, number>> {
  const { rows } = await sql<{ holder: string; n: string }>`
    SELECT a.application_name AS holder, count(*) AS n
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.classid = ${LOCK_NAMESPACE}::oid AND l.granted
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
     GROUP BY 1`.execute(db);
  return new Map(rows.map((row) => [row.holder, Number(row.n)]));
}

beforeAll(async () => {
  database = await createTestDatabase('app_two_processes');
  db = createReadModelDb(database.url, { maxConnections: 2 });
  // Every move of a checkpoint, and which process made it: committed batches only (a batch rolled
  // back takes its line with it).
  await migrateReadModels(db);
  await sql`CREATE TABLE checkpoint_moves (
      name text, from_commit bigint, from_event bigint, to_commit bigint, to_event bigint, moved_by text, seq bigserial)`.execute(db);
  await sql`CREATE FUNCTION log_checkpoint_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO checkpoint_moves (name, from_commit, from_event, to_commit, to_event, moved_by)
        VALUES (NEW.name, OLD.commit_position, OLD.event_position, NEW.commit_position, NEW.event_position, current_setting('application_name'));
        RETURN NEW;
      END $$`.execute(db);
  await sql`CREATE TRIGGER checkpoint_moved AFTER UPDATE ON follower_checkpoints FOR EACH ROW EXECUTE FUNCTION log_checkpoint_move()`.execute(db);
}, 180_000);

afterAll(async () => {
  await Promise.all(products.map((product) => product.stop()));
  await db?.destroy();
  await database?.drop();
  await deleteKeys(`${queuePrefixFor(database.url)}*`);
});

describe('two product processes on one database', () => {
  it('take commands side by side with read-your-writes on each, project every event once, and hand the followers over within seconds when the holder is killed', async () => {
    const a = await startProduct(`medchest-a-${randomBytes(3).toString('hex')}`);
    const b = await startProduct(`medchest-b-${randomBytes(3).toString('hex')}`);
    const [cookieA, cookieB] = [await login(a), await login(b)];

    // The first process holds every follower (read models and reactors); the second stands by.
    const holders = await leaseHolders();
    const followers = holders.get(a.name) ?? 0;
    expect(followers).toBeGreaterThanOrEqual(allProjections.length);
    expect([...holders.keys()]).toEqual([a.name]);

    // Commands on both at once: each answer is read back from the process that took it.
    const ids = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => createAndRename(a, cookieA, `Alpha ${i}`)),
      ...Array.from({ length: 4 }, (_, i) => createAndRename(b, cookieB, `Bravo ${i}`)),
    ]);
    // And each process sees what the other wrote.
    const seenByB = await call(b, cookieB, 'GET', `/api/vessels/${ids[0]}`);
    expect(seenByB.body.vesselName).toBe('MV Alpha 0 renamed');

    // Kill the holder outright (no shutdown): PostgreSQL frees its locks when its connections drop.
    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await a.exited;
    let tookOverMs = 0;
    for (;;) {
      const now = await leaseHolders();
      if (now.get(b.name) === followers && now.size === 1) {
        tookOverMs = Date.now() - killedAt;
        break;
      }
      if (Date.now() - killedAt > 15_000) throw new Error(`no takeover: ${JSON.stringify([...now])}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(tookOverMs).toBeLessThan(5_000);

    // The survivor goes on taking commands, with read-your-writes.
    ids.push(await createAndRename(b, cookieB, 'Charlie after takeover'));

    // Each read model applied every stretch of the log exactly once: its committed checkpoint moves
    // form one unbroken chain from the start of the log, without overlap, made by both processes.
    // Moves and checkpoints read in one snapshot: the survivor may still be applying the last
    // command's event to the slower read models, and a move committed between two reads would
    // show a chain that ends short of its checkpoint.
    const { moves, checkpoints } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        moves: await sql<{ name: string; from_commit: string; from_event: string; to_commit: string; to_event: string; moved_by: string }>`
          SELECT name, from_commit::text, from_event::text, to_commit::text, to_event::text, moved_by FROM checkpoint_moves ORDER BY seq`.execute(trx),
        checkpoints: await trx.selectFrom('follower_checkpoints').select(['name', 'commit_position', 'event_position']).execute(),
      }));
    const movers = new Set<string>();
    for (const projection of allProjections) {
      const chain = moves.rows.filter((m) => m.name === projection.name);
      let at = '-1/-1';
      for (const move of chain) {
        expect(`${move.from_commit}/${move.from_event}`, `${projection.name} moved from where it was`).toBe(at);
        at = `${move.to_commit}/${move.to_event}`;
        movers.add(move.moved_by);
      }
      const stored = checkpoints.find((c) => c.name === projection.name);
      expect(at, `${projection.name}'s chain ends at its checkpoint`).toBe(`${stored?.commit_position}/${stored?.event_position}`);
    }
    expect(movers).toEqual(new Set([a.name, b.name]));

    // And the rows say so: one 'created' and one 'updated' line per vessel, counted once.
    const counts = await db
      .selectFrom('activity_counts')
      .select(['vessel_id', 'activity_type', 'n'])
      .where('vessel_id', 'in', ids)
      .execute();
    for (const id of ids) {
      expect(counts.filter((c) => c.vessel_id === id).map((c) => [c.activity_type, Number(c.n)]).sort()).toEqual([
        ['vessel_created', 1],
        ['vessel_updated', 1],
      ]);
    }
    console.info(`two processes: the followers moved to the survivor ${tookOverMs} ms after the holder was killed`);
  });
});

async function deleteKeys(pattern: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
