// Profiling helper (not committed): rebuild an existing database given by URL, print timings.
import { createPostgresEventStore } from '@medchest/eventstore';
import { createReadModelDb, rebuildReadModels } from '@medchest/projections';
const url = process.argv[2];
const store = createPostgresEventStore({ connectionString: url });
const db = createReadModelDb(url);
const cpu0 = process.cpuUsage();
const elu0 = performance.eventLoopUtilization();
const t = performance.now();
const r = await rebuildReadModels({ db, store, batchSize: Number(process.argv[3] ?? 10000) });
const s = (performance.now() - t) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(`${r.events} events in ${s.toFixed(1)} s; node cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; event loop busy ${(performance.eventLoopUtilization(elu0).utilization * 100).toFixed(0)}%`);
const P = (globalThis as any).__prof;
if (P) console.log([...P].sort((a: any, b: any) => b[1] - a[1]).map(([k, v]: any) => `${k} ${(v / 1000).toFixed(2)}s`).join(', '));
await db.destroy();
await store.close();
