import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A fresh process (this one's module cache has seen whatever other tests imported) imports the
 * package, creates a PostgreSQL store and then an EventStoreDB one, and says after each step
 * whether the gRPC client is among its loaded modules. Neither store is used, so no server is
 * needed: both connect on their first call.
 */
const PROBE = `
import { createRequire } from 'node:module';
const cache = createRequire(process.cwd() + '/').cache;
const clientLoaded = () => Object.keys(cache).some((file) => file.includes('@eventstore/db-client'));
const { createEventStore } = await import('@medchest/eventstore');
const afterIndex = clientLoaded();
const postgres = await createEventStore({ databaseUrl: 'postgresql://127.0.0.1:1/unused' });
const afterPostgres = clientLoaded();
const esdb = await createEventStore({ databaseUrl: 'postgresql://127.0.0.1:1/unused', eventStoreUrl: 'esdb://127.0.0.1:1?tls=false' });
const afterEsdb = clientLoaded();
await postgres.close();
await esdb.close();
console.log(JSON.stringify({ afterIndex, afterPostgres, afterEsdb }));
`;

describe('createEventStore', () => {
  it('loads the EventStoreDB client only when the configuration names EventStoreDB (issue 14: start-up)', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ afterIndex: false, afterPostgres: false, afterEsdb: true });
  }, 30_000);
});
