import type { Kysely, Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

/** A vessel assigned to a user (fleet manager or auditor), since when and by whom (issue 9). */
export interface UserVesselAssignmentsTable {
  user_id: string;
  vessel_id: string;
  assigned_at: Timestamp;
  /** The acting user (metadata.userId); null for the system (the demo seed). */
  assigned_by: string | null;
}

/** A fleet (a vessel's `fleet` name) assigned to a user: every vessel of that fleet is in their scope. */
export interface UserFleetAssignmentsTable {
  user_id: string;
  fleet: string;
  assigned_at: Timestamp;
  assigned_by: string | null;
}

export const assignmentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_vessel_assignments')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
      .addColumn('assigned_by', 'text')
      .addPrimaryKeyConstraint('user_vessel_assignments_pk', ['user_id', 'vessel_id'])
      .execute();
    await db.schema.createIndex('user_vessel_assignments_vessel_idx').on('user_vessel_assignments').column('vessel_id').execute();
    await db.schema
      .createTable('user_fleet_assignments')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('fleet', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
      .addColumn('assigned_by', 'text')
      .addPrimaryKeyConstraint('user_fleet_assignments_pk', ['user_id', 'fleet'])
      .execute();
    // The scope of a fleet assignment is found by the vessels' fleet name.
    await db.schema.createIndex('vessels_fleet_idx').on('vessels').column('fleet').execute();
    await db.schema.createIndex('fleet_compliance_fleet_idx').on('fleet_compliance').column('fleet').execute();
  },
};
