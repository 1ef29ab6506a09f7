import { sql, type Kysely, type Migration } from 'kysely';
import type { DateColumn } from '../vessels/migration';

/** One row per live vessel: the spec's "Fleet compliance item". */
export interface FleetComplianceTable {
  id: string;
  vessel_name: string;
  imo_number: string;
  flag_state: string;
  crew_size_category: number;
  last_medical_review: DateColumn;
  medical_chest_certificate_expiry: DateColumn;
  fleet: string | null;
  ownership_company: string | null;
}

export const fleetComplianceMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('fleet_compliance')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vessel_name', 'text', (c) => c.notNull())
      .addColumn('imo_number', 'text', (c) => c.notNull())
      .addColumn('flag_state', 'text', (c) => c.notNull())
      .addColumn('crew_size_category', 'integer', (c) => c.notNull())
      // Dropped by 0011_medical_chest: the status is the chest's (chest_vessels.status).
      .addColumn('compliance_status', 'text', (c) => c.notNull())
      .addColumn('last_medical_review', 'date')
      .addColumn('medical_chest_certificate_expiry', 'date')
      .addColumn('fleet', 'text')
      .addColumn('ownership_company', 'text')
      // Room on each page for updated rows: an update that changes no indexed column stays on
      // its page (a HOT update) and touches no index.
      .modifyEnd(sql`WITH (fillfactor = 70)`)
      .execute();
    await sql`CREATE INDEX fleet_compliance_name_idx ON fleet_compliance (lower(vessel_name), vessel_name, id)`.execute(db);
    await db.schema.createIndex('fleet_compliance_status_idx').on('fleet_compliance').column('compliance_status').execute();
  },
};
