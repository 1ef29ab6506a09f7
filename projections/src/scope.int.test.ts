import type { VesselScope } from '@medchest/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vesselInScope } from './scope';
import { createReadModelTestDb, type ReadModelTestDb } from './testing/db';
import { createFakeLog, vesselDetails } from './testing/events';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_scope');
});
afterAll(async () => {
  await t?.close();
});

const vessel = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const user = (n: number) => `u0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FLEETS = ['North Atlantic', 'Baltic', undefined];

describe('the scope rule, read whole or a row at a time', () => {
  it('covers the same vessels in both forms, for every kind of scope', async () => {
    const log = createFakeLog();
    await t.project([
      ...Array.from({ length: 9 }, (_, n) =>
        log.record({ type: 'VesselCreated', data: { vesselId: vessel(n), details: vesselDetails({ vesselName: `V${n}`, imoNumber: `90000${10 + n}`, fleet: FLEETS[n % 3] }) } }),
      ),
      log.record({ type: 'VesselDeleted', data: { vesselId: vessel(3), vesselName: 'V3' } }),
      // 1: two vessels (one since deleted); 2: a fleet; 3: a vessel and a fleet; 4: nothing.
      log.record({ type: 'UserVesselsAssigned', data: { userId: user(1), vesselIds: [vessel(2), vessel(3)] } }),
      log.record({ type: 'UserFleetsAssigned', data: { userId: user(2), fleets: ['Baltic'] } }),
      log.record({ type: 'UserVesselsAssigned', data: { userId: user(3), vesselIds: [vessel(5)] } }),
      log.record({ type: 'UserFleetsAssigned', data: { userId: user(3), fleets: ['North Atlantic'] } }),
    ]);
    const ids = [...Array.from({ length: 9 }, (_, n) => vessel(n)), vessel(99)];
    const covered = async (scope: VesselScope, perRow: boolean) => {
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM unnest(${ids}::text[]) AS candidate(id) WHERE ${vesselInScope(scope, 'candidate.id', { perRow })} ORDER BY id`.execute(t.db);
      return rows.map((r) => r.id);
    };
    // A read model of live vessels that keeps each one's fleet (vessels, fleet_compliance), its fleet checked.
    const coveredByOwnFleet = async (table: 'vessels' | 'fleet_compliance', scope: VesselScope, perRow: boolean) => {
      const { rows } = await sql<{ id: string }>`
        SELECT f.id FROM ${sql.table(table)} f WHERE ${vesselInScope(scope, 'f.id', { perRow, fleet: 'f.fleet' })} ORDER BY f.id`.execute(t.db);
      return rows.map((r) => r.id);
    };
    const live = new Set(ids.filter((id) => id !== vessel(3) && id !== vessel(99)));
    const scopes: [VesselScope, string[]][] = [
      [{ kind: 'all' }, ids],
      [{ kind: 'assigned', userId: user(1) }, [vessel(2), vessel(3)]],
      [{ kind: 'assigned', userId: user(2) }, [vessel(1), vessel(4), vessel(7)]],
      [{ kind: 'assigned', userId: user(3) }, [vessel(0), vessel(5), vessel(6)]],
      [{ kind: 'assigned', userId: user(4) }, []],
      [{ kind: 'own', vesselId: vessel(8) }, [vessel(8)]],
      [{ kind: 'own', vesselId: null }, []],
      [{ kind: 'none' }, []],
    ];
    for (const [scope, expected] of scopes) {
      expect(await covered(scope, false), JSON.stringify(scope)).toEqual(expected);
      expect(await covered(scope, true), `${JSON.stringify(scope)} per row`).toEqual(expected);
      for (const table of ['vessels', 'fleet_compliance'] as const) {
        for (const perRow of [false, true]) {
          const form = `${JSON.stringify(scope)} by the ${table} row's fleet${perRow ? ', per row' : ''}`;
          expect(await coveredByOwnFleet(table, scope, perRow), form).toEqual(expected.filter((id) => live.has(id)));
        }
      }
    }
  });
});
