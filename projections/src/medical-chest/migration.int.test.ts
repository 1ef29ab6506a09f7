import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readModelMigrations, readModelMigrator } from '../migrations';
import { unmigratedReadModelDb } from '../testing/migrations';
import { toVolumeRequirementRow } from './evaluate';
import type { VolumeRequirementsTable } from './migration';

const t = unmigratedReadModelDb('proj_chest_migration');

const V = 'a0000000-0000-4000-8000-000000000001';

/** A row as written before 0095 (no text). */
type RequirementBefore0095 = Omit<Insertable<VolumeRequirementsTable>, 'row_json'>;

const requirement = (position: number, fields: Partial<RequirementBefore0095>): RequirementBefore0095 => ({
  vessel_id: V,
  position,
  scale_id: `1.${position}`,
  scale_description: 'Paracetamol 500 mg tablets',
  section: 'Analgesics',
  required_quantity: 30,
  required_unit: 'tablets',
  requirement: '30 tablets',
  actual_quantity: 0,
  compliance_status: 'Critical',
  expiring_soon: false,
  ...fields,
});

/** Each stored row's text and what JSON.stringify writes of the row read back, by position. */
async function textsAndStringified() {
  const rows = await t.db.selectFrom('volume_requirements').selectAll().where('vessel_id', '=', V).orderBy('position').execute();
  return { texts: rows.map((r) => r.row_json), stringified: rows.map((r) => JSON.stringify(toVolumeRequirementRow(r))) };
}

describe('0095_volume_requirements_row_json on requirements written before it', () => {
  it('stores each row as JSON.stringify writes it, and the text follows later writes of a row', async () => {
    const { error } = await readModelMigrator(t.db, readModelMigrations.filter(([name]) => name < '0095')).migrateToLatest();
    expect(error).toBeUndefined();
    await t.db
      .insertInto('volume_requirements')
      .values([
        // Everything JSON escapes in a text: quotes, a backslash, a tab, a control character; text beyond ASCII.
        requirement(0, { scale_description: 'Eye "drops" \\ Ærø ✓\ttab\u0001', section: 'Ophthalmic ✓' }),
        // No quantity nor unit (a requirement in words), a fraction, a large number. (Below 1e-4 PostgreSQL
        // writes an exponent with two digits, 2.5e-07, as row_to_json did before 0095: no scale asks that little.)
        requirement(1, { required_quantity: null, required_unit: null, requirement: 'As required', actual_quantity: 12, compliance_status: 'Compliant', expiring_soon: true }),
        requirement(2, { required_quantity: 0.1 + 0.2, actual_quantity: 1 }),
        requirement(3, { required_quantity: 1e21 }),
      ] as Insertable<VolumeRequirementsTable>[])
      .execute();

    const { error: after } = await readModelMigrator(t.db, readModelMigrations.filter(([name]) => name < '0096')).migrateToLatest();
    expect(after).toBeUndefined();
    const before = await textsAndStringified();
    expect(before.texts).toEqual(before.stringified);
    expect(before.texts[1]).toBe(
      '{"scaleId":"1.1","scaleDescription":"Paracetamol 500 mg tablets","section":"Analgesics","requiredQuantity":null,"requiredUnit":null,"requirement":"As required","actualQuantity":12,"complianceStatus":"Compliant","expiringSoon":true}',
    );

    // An update of any of the row's columns rewrites its text (PostgreSQL, for every writer of the row).
    await t.db.updateTable('volume_requirements').set({ actual_quantity: 40, compliance_status: 'Compliant', expiring_soon: true, required_quantity: 1.5 }).where('position', '=', 0).execute();
    const updated = await textsAndStringified();
    expect(updated.texts).toEqual(updated.stringified);
    expect(updated.texts[0]).toContain('"requiredQuantity":1.5,');
    expect(updated.texts[0]).toContain('"actualQuantity":40,"complianceStatus":"Compliant","expiringSoon":true}');
  });

  it('0096 keeps every stored text, and from then on the text is its writer\'s (the chest writes rowText of the row)', async () => {
    const before = await textsAndStringified();
    const { error } = await readModelMigrator(t.db).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await textsAndStringified()).toEqual(before);
    // No longer made by PostgreSQL: a row written without its text is refused, not given one.
    await expect(t.db.insertInto('volume_requirements').values(requirement(9, {}) as Insertable<VolumeRequirementsTable>).execute()).rejects.toThrow(/row_json/);
  });
});
