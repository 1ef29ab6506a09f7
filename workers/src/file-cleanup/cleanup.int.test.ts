import { createCertificateUpload, createPostgresFileStore, createReadModelDb, findCertificateUpload } from '@medchest/projections';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { createWorkersTestEnvironment, type WorkersTestEnvironment } from '../testing/environment';
import { createFileCleanupProcessor } from './cleanup';

let env: WorkersTestEnvironment;
let db: ReturnType<typeof createReadModelDb>;
beforeAll(async () => {
  env = await createWorkersTestEnvironment('cleanup');
  db = createReadModelDb(env.databaseUrl, { maxConnections: 3 });
});
afterAll(async () => {
  await db?.destroy();
  await env?.cleanup();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
async function* bytes(text: string) {
  yield Buffer.from(text);
}

describe('the cleanup of unrecorded uploads', () => {
  it('removes files never recorded after 24 hours, and keeps recorded ones and recent ones', async () => {
    const files = createPostgresFileStore(db);
    await files.init();
    const stale = await files.put(bytes('%PDF- stale'), { maxBytes: 1000, now: hoursAgo(25) });
    const recent = await files.put(bytes('%PDF- recent'), { maxBytes: 1000, now: hoursAgo(23) });
    const recorded = await files.put(bytes('%PDF- recorded'), { maxBytes: 1000, now: hoursAgo(30) });
    await files.keep(recorded.sha256);
    // Stored long ago, uploaded again an hour ago: its 24 hours start anew.
    const again = await files.put(bytes('%PDF- again'), { maxBytes: 1000, now: hoursAgo(30) });
    await files.put(bytes('%PDF- again'), { maxBytes: 1000, now: hoursAgo(1) });
    const oldUpload = await createCertificateUpload(db, { vesselId: randomUUID(), userId: 'u', now: hoursAgo(25), ttlMinutes: 15 });
    const newUpload = await createCertificateUpload(db, { vesselId: randomUUID(), userId: 'u', now: hoursAgo(1), ttlMinutes: 15 });

    const result = await createFileCleanupProcessor({ db, log: silentLogger })();

    expect(result).toEqual({ uploads: 1, files: 1 });
    expect(await files.has(stale.sha256)).toBe(false);
    expect(await files.open(stale.sha256)).toBeUndefined();
    for (const kept of [recent, recorded, again]) expect(await files.has(kept.sha256)).toBe(true);
    expect(await findCertificateUpload(db, oldUpload.token)).toBeUndefined();
    expect(await findCertificateUpload(db, newUpload.token)).toBeDefined();
    // The kept file still reads back whole.
    const chunks: Buffer[] = [];
    for await (const chunk of (await files.open(recorded.sha256))!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF- recorded');
  });
});
