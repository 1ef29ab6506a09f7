import { ALL_VESSELS, VESSEL_STATUSES, type FleetComplianceItem } from '@medchest/domain';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReadModelDb } from '../db';
import { readModelMigrations, readModelMigrator } from '../migrations';
import { unmigratedReadModelDb } from '../testing/migrations';
import { fleetComplianceAnswer } from './queries';

const t = unmigratedReadModelDb('proj_fleet_migration');

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'a0000000-0000-4000-8000-000000000002';

/** A vessel without a chest row yet: Critical, no counts (what the list says before the chest projection reaches it). */
const item = ({ id, vesselName, ...fields }: Partial<FleetComplianceItem> & Pick<FleetComplianceItem, 'id' | 'vesselName'>): FleetComplianceItem => ({
  // In the item's order (JSON.stringify writes the keys as they were set).
  id,
  vesselName,
  imoNumber: '9074729',
  flagState: 'LIBERIA',
  crewSizeCategory: 22,
  complianceStatus: 'Critical',
  lastMedicalReview: null,
  medicalChestCertificateExpiry: null,
  fleet: null,
  ownershipCompany: null,
  criticalItems: 0,
  lowStockItems: 0,
  expiringItems: 0,
  ...fields,
});

describe('0094_fleet_compliance_item_text on a list written before it', () => {
  it('answers the rows already there as JSON.stringify writes their items, and the text follows later writes of a row', async () => {
    const { error } = await readModelMigrator(t.db, readModelMigrations.filter(([name]) => name < '0094')).migrateToLatest();
    expect(error).toBeUndefined();
    await t.db
      .insertInto('fleet_compliance')
      .values([
        // Everything JSON escapes in a name: quotes, a backslash, a tab, a control character; and text beyond ASCII.
        { id: A, vessel_name: 'Ocean "Pearl" \\ Ærø ✓\ttab\u0001', imo_number: '9074729', flag_state: 'LIBERIA', crew_size_category: 22, fleet: 'North Atlantic', ownership_company: 'Nordic Bulk AS' },
        { id: B, vessel_name: 'Baltic Trader', imo_number: '9321483', flag_state: 'PANAMA', crew_size_category: 14, fleet: null, ownership_company: null },
      ])
      .execute();

    const { error: after } = await readModelMigrator(t.db).migrateToLatest();
    expect(after).toBeUndefined();
    const a = item({ id: A, vesselName: 'Ocean "Pearl" \\ Ærø ✓\ttab\u0001', fleet: 'North Atlantic', ownershipCompany: 'Nordic Bulk AS' });
    const b = item({ id: B, vesselName: 'Baltic Trader', imoNumber: '9321483', flagState: 'PANAMA', crewSizeCategory: 14 });
    expect((await fleetComplianceAnswer(t.db, '2026-03-01', ALL_VESSELS)).json).toBe(JSON.stringify([b, a]));

    // An update of any of the row's columns rewrites its text (PostgreSQL, for every writer of the row).
    await t.db.updateTable('fleet_compliance').set({ medical_chest_certificate_expiry: '2027-01-15', last_medical_review: '2026-02-01', fleet: 'Baltic' }).where('id', '=', B).execute();
    const b2 = { ...b, lastMedicalReview: '2026-02-01', medicalChestCertificateExpiry: '2027-01-15', fleet: 'Baltic' };
    expect((await fleetComplianceAnswer(t.db, '2026-03-01', ALL_VESSELS, { limit: 1 })).json).toBe(JSON.stringify([b2]));
  });
});

describe('0097_fleet_compliance_item_text_inlined', () => {
  const older = unmigratedReadModelDb('proj_fleet_migration_0097');

  const AWKWARD = 'Ocean "Pearl" \\ Ærø ✓\ttab\u0001\n\r/😷\u2028\u007f';
  const texts = (d: Kysely<ReadModelDb>) => sql<{ id: string; item_head: string; item_middle: string }>`SELECT id, item_head, item_middle FROM fleet_compliance ORDER BY id`.execute(d).then((r) => r.rows);

  it('keeps every stored item text, writes the same texts as to_json did, and is inlined (no function call of its own per value)', async () => {
    const { error } = await readModelMigrator(older.db, readModelMigrations.filter(([name]) => name < '0097')).migrateToLatest();
    expect(error).toBeUndefined();
    const row = (id: string, vessel_name: string, fleet: string | null) => ({ id, vessel_name, imo_number: '9074729', flag_state: 'LIBERIA', crew_size_category: 22, fleet, ownership_company: null });
    await older.db.insertInto('fleet_compliance').values([row(A, AWKWARD, 'North "Atlantic"'), row(B, 'Baltic Trader', null)]).execute();
    const before = await texts(older.db);

    const { error: after } = await readModelMigrator(older.db).migrateToLatest();
    expect(after).toBeUndefined();
    expect(await texts(older.db)).toEqual(before);
    // Written again with the same values (a no-op update still computes the texts): the same texts.
    await older.db.updateTable('fleet_compliance').set({ vessel_name: AWKWARD }).where('id', '=', A).execute();
    await older.db.updateTable('fleet_compliance').set({ fleet: null }).where('id', '=', B).execute();
    expect(await texts(older.db)).toEqual(before);

    // As to_json writes text, for every character up to U+2FFF, in strings, and null.
    const { rows } = await sql<{ differ: number; n: number }>`
      SELECT count(*) FILTER (WHERE coalesce(to_json(s)::text, 'null') IS DISTINCT FROM medchest_json_text(s))::int AS differ, count(*)::int AS n
        FROM (SELECT chr(c) AS s FROM generate_series(1, 12287) AS c
              UNION ALL SELECT NULL UNION ALL SELECT '' UNION ALL SELECT ${AWKWARD} UNION ALL SELECT repeat('x"\\', 1000)) AS t`.execute(older.db);
    expect(rows[0]).toEqual({ differ: 0, n: 12291 });

    // Inlined: the plan shows the body's json_object, not a call of medchest_json_text.
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (VERBOSE, COSTS OFF) SELECT medchest_json_text(vessel_name) FROM fleet_compliance`.execute(older.db);
    const output = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(output).toContain('json_object');
    expect(output).not.toContain('medchest_json_text');
  });
});

describe('0098_fleet_compliance_item_date_inlined', () => {
  const older = unmigratedReadModelDb('proj_fleet_migration_0098');

  const texts = (d: Kysely<ReadModelDb>) => sql<{ id: string; item_middle: string }>`SELECT id, item_middle FROM fleet_compliance ORDER BY id`.execute(d).then((r) => r.rows);
  /** Dates at the edges of how to_json writes one: BC, years of 1 to 7 digits, the last day, infinity. */
  const EDGES = ['4713-01-01 BC', '0001-12-31 BC', '0001-01-01', '0099-02-03', '0999-12-31', '2024-02-29', '9999-12-31', '10000-01-01', '12345-06-07', '5874897-12-31', 'infinity', '-infinity'];

  it('keeps every stored item text, writes a date as to_json did, and is inlined (no function call of its own per date)', async () => {
    const { error } = await readModelMigrator(older.db, readModelMigrations.filter(([name]) => name < '0098')).migrateToLatest();
    expect(error).toBeUndefined();
    const row = (id: string, expiry: string | null, review: string | null) => ({
      id, vessel_name: 'Baltic Trader', imo_number: '9321483', flag_state: 'PANAMA', crew_size_category: 14, fleet: null, ownership_company: null,
      medical_chest_certificate_expiry: expiry, last_medical_review: review,
    });
    await older.db.insertInto('fleet_compliance').values([row(A, '2027-01-15', '0044-03-15 BC'), row(B, null, 'infinity')]).execute();
    const before = await texts(older.db);
    expect(before[0].item_middle).toContain('"lastMedicalReview":"0044-03-15 BC","medicalChestCertificateExpiry":"2027-01-15"');

    const { error: after } = await readModelMigrator(older.db).migrateToLatest();
    expect(after).toBeUndefined();
    expect(await texts(older.db)).toEqual(before);
    // Written again with the same values (a no-op update still computes the texts): the same texts.
    await older.db.updateTable('fleet_compliance').set({ medical_chest_certificate_expiry: '2027-01-15' }).where('id', '=', A).execute();
    await older.db.updateTable('fleet_compliance').set({ last_medical_review: 'infinity' }).where('id', '=', B).execute();
    expect(await texts(older.db)).toEqual(before);

    // As to_json writes a date, whatever DateStyle says: every day of 1800-2200 (each month and day,
    // leap years), every 37th day from 4713 BC to 9999 (each way of writing a year), the edges, null.
    const rows = await older.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL datestyle = 'SQL, DMY'`.execute(trx);
      return (await sql<{ differ: number; n: number }>`
      SELECT count(*) FILTER (WHERE coalesce(to_json(d)::text, 'null') IS DISTINCT FROM medchest_json_text(d))::int AS differ, count(*)::int AS n
        FROM (SELECT day::date AS d FROM generate_series('1800-01-01'::timestamp, '2200-12-31'::timestamp, '1 day') AS day
              UNION ALL SELECT day::date FROM generate_series('4713-01-01 BC'::timestamp, '9999-12-31'::timestamp, '37 days') AS day
              UNION ALL SELECT e::date FROM unnest(${EDGES}::text[]) AS e UNION ALL SELECT NULL) AS t`.execute(trx)).rows;
    });
    expect(rows[0]).toEqual({ differ: 0, n: 146462 + 145229 + EDGES.length + 1 });

    // Inlined: the plan shows the body's extract, not a call of medchest_json_text.
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (VERBOSE, COSTS OFF) SELECT medchest_json_text(last_medical_review) FROM fleet_compliance`.execute(older.db);
    const output = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(output).toContain('EXTRACT');
    expect(output).not.toContain('medchest_json_text');
  });
});

describe('the item text', () => {
  it('splices a status in between quotes as it is: no vessel status has anything JSON would escape', () => {
    for (const status of VESSEL_STATUSES) expect(JSON.stringify(status)).toBe(`"${status}"`);
  });
});
