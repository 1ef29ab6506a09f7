import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

/** YYYY-MM-DD: a `date` column read back as the string it holds (see db.ts). */
export type DateColumn = string | null;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per live vessel: every field of spec 000 §3 Vessel. */
export interface VesselsTable {
  id: string;
  vessel_name: string;
  imo_number: string;
  flag_state: string;
  crew_size_category: number;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  fleet: string | null;
  vessel_type: string | null;
  ownership_company: string | null;
  ownership_contact_email: string | null;
  onboarding_date: DateColumn;
  contract_end_date: DateColumn;
  last_medical_review: DateColumn;
  medical_chest_certificate_path: string | null;
  medical_chest_certificate_expiry: DateColumn;
  certificate_issuer: string | null;
  certificate_expiry: DateColumn;
  /** The vessel's medical profile (issue 3, migration 0010): A, B or C. */
  medical_category: string;
  women_on_board: boolean;
  carries_dangerous_goods: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export const vesselsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('vessels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vessel_name', 'text', (c) => c.notNull())
      .addColumn('imo_number', 'text', (c) => c.notNull())
      .addColumn('flag_state', 'text', (c) => c.notNull())
      .addColumn('crew_size_category', 'integer', (c) => c.notNull())
      .addColumn('contact_name', 'text')
      .addColumn('contact_phone', 'text')
      .addColumn('contact_email', 'text')
      .addColumn('fleet', 'text')
      .addColumn('vessel_type', 'text')
      .addColumn('ownership_company', 'text')
      .addColumn('ownership_contact_email', 'text')
      .addColumn('onboarding_date', 'date')
      .addColumn('contract_end_date', 'date')
      .addColumn('last_medical_review', 'date')
      .addColumn('medical_chest_certificate_path', 'text')
      .addColumn('medical_chest_certificate_expiry', 'date')
      .addColumn('certificate_issuer', 'text')
      .addColumn('certificate_expiry', 'date')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      // Vessels are edited far more often than created: leave room on each page so an edit that
      // keeps the name and IMO number stays on its page (a HOT update) and touches no index.
      .modifyEnd(sql`WITH (fillfactor = 70)`)
      .execute();
    // The list is sorted by name; the API checks IMO numbers against live vessels (not unique
    // here: the read model must never refuse an event the log already holds).
    await sql`CREATE INDEX vessels_name_idx ON vessels (lower(vessel_name), vessel_name, id)`.execute(db);
    await db.schema.createIndex('vessels_imo_idx').on('vessels').column('imo_number').execute();
  },
};

/**
 * The vessel's medical profile (issue 3): category and the two flags the scale's rules ask about.
 * The column defaults are what a vessel recorded before these fields existed reads as (category A,
 * no women on board, no dangerous goods), so rows already in the table are right without a replay.
 */
export const vesselMedicalProfileMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('vessels')
      .addColumn('medical_category', 'text', (c) => c.notNull().defaultTo('A'))
      .addColumn('women_on_board', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('carries_dangerous_goods', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
