/**
 * A realistic year at any size, made from the demo's own year (issue 13: the 31 demo vessels'
 * twelve months through the product's commands, @medchest/demo seedDemo): the demo is seeded once
 * into a scratch database, its events are read back, and the fleet is copied as many times as it
 * takes. Each copy is a fleet of its own: every UUID in its events' data (vessels, batches, orders,
 * order items, imports, receipts) is renamed for the copy, so its streams are its own; the
 * accounts and scales are the demo's, once. The copies go through the year side by side, in the
 * demo's log order: a bigger fleet on the same business days, with the demo's mix of events
 * (chests imported, usage, monthly and yearly counts, certificates, orders).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { DomainEvent } from '@medchest/domain';
import { seedDemo, seedDemoPeople } from '@medchest/demo';
import { startTestApp } from '@medchest/command-api/testing/harness';
import type { RecordedEvent } from '@medchest/eventstore';
import type { Planned } from './histories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

type DemoEvent = Pick<RecordedEvent, 'streamId' | 'type' | 'data' | 'metadata'>;

/**
 * The demo's year as it is appended: its events in log order. With BENCH_DEMO_EVENTS=<file>, kept
 * in that file (written the first time): two versions of the projections, or two runs, then replay
 * the very same log.
 */
export async function demoYearEvents(): Promise<DemoEvent[]> {
  const file = process.env.BENCH_DEMO_EVENTS;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoEvent[];
  const app = await startTestApp('bench_demo_year');
  try {
    await seedDemo(app.deps);
    await seedDemoPeople(app.deps);
    const events: DemoEvent[] = (await app.allEvents()).map(({ streamId, type, data, metadata }) => ({ streamId, type, data, metadata }));
    if (file) writeFileSync(file, JSON.stringify(events));
    return events;
  } finally {
    await app.close();
  }
}

/** Copy `copy`'s name for an id (copy 0 keeps the demo's own). */
function renamed(id: string, copy: number): string {
  if (copy === 0) return id;
  const hex = createHash('sha1').update(`${copy}:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function renameIds(value: unknown, copy: number): unknown {
  if (typeof value === 'string') return UUID.test(value) ? renamed(value, copy) : value;
  if (Array.isArray(value)) return value.map((v) => renameIds(v, copy));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameIds(v, copy)]));
  return value;
}

/** Streams the demo has once whatever the fleet's size: its accounts and scales. */
const once = (streamId: string) => streamId.startsWith('user-') || streamId.startsWith('scale-');

/**
 * `total` events of the demo's year, its fleet copied as many times as needed (about 490 events per
 * vessel: a million events is some 2,000 vessels); the log's last events are cut at `total`.
 * `start` is the time of `at` 0 (the demo's first day).
 */
export function demoYearHistory(events: readonly DemoEvent[], total: number): { planned: Planned[]; start: number; copies: number } {
  const start = Math.min(...events.map((e) => Date.parse(e.metadata.occurredAt)));
  const perCopy = events.filter((e) => !once(e.streamId)).length;
  const copies = Math.max(1, Math.ceil((total - (events.length - perCopy)) / perCopy));
  const planned: Planned[] = [];
  for (const e of events) {
    const at = Date.parse(e.metadata.occurredAt) - start;
    for (let copy = 0; copy < (once(e.streamId) ? 1 : copies); copy++) {
      planned.push({
        at,
        userId: e.metadata.userId,
        streamId: e.streamId.replace(UUID_IN_TEXT, (id) => renamed(id, copy)),
        event: { type: e.type, data: renameIds(e.data, copy) } as DomainEvent,
      });
      if (planned.length === total) return { planned, start, copies };
    }
  }
  return { planned, start, copies };
}
