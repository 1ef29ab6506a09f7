import { sql, type GeneratedAlways, type Kysely, type Migration } from 'kysely';
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
  /**
   * The vessel's part of its item's JSON text, kept by PostgreSQL as the row is written (0094):
   * from '{' to the "complianceStatus" key, and from "lastMedicalReview" to the "criticalItems"
   * key. The page read splices the chest's status and counts in between (fleet-compliance/queries).
   */
  item_head: GeneratedAlways<string>;
  item_middle: GeneratedAlways<string>;
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

/**
 * The vessel's part of each row's item JSON text, stored (issue 14, uncached first page): the
 * page read built every row's JSON anew (row_to_json of its 13 fields), a third of its PostgreSQL
 * CPU; now it concatenates these with the chest's four figures. Generated columns, so PostgreSQL
 * writes them with every insert and update of the row (whichever projection code or rebuild
 * writes it, and this migration for the rows already there: adding one rewrites the table), and
 * the text has one definition. A generated column may only call immutable functions, and to_json
 * is declared stable (for types whose output depends on settings); of text and date it is not
 * (a JSON string's escapes; a date always ISO 8601), hence the wrapper declared immutable.
 */
export const fleetComplianceItemTextMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const type of ['text', 'date']) {
      await sql`CREATE FUNCTION medchest_json_text(value ${sql.raw(type)}) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN coalesce(to_json(value)::text, 'null')`.execute(db);
    }
    await sql`ALTER TABLE fleet_compliance
      ADD COLUMN item_head text NOT NULL GENERATED ALWAYS AS (
        '{"id":' || medchest_json_text(id) || ',"vesselName":' || medchest_json_text(vessel_name) ||
        ',"imoNumber":' || medchest_json_text(imo_number) || ',"flagState":' || medchest_json_text(flag_state) ||
        ',"crewSizeCategory":' || crew_size_category || ',"complianceStatus":') STORED,
      ADD COLUMN item_middle text NOT NULL GENERATED ALWAYS AS (
        ',"lastMedicalReview":' || medchest_json_text(last_medical_review) ||
        ',"medicalChestCertificateExpiry":' || medchest_json_text(medical_chest_certificate_expiry) ||
        ',"fleet":' || medchest_json_text(fleet) || ',"ownershipCompany":' || medchest_json_text(ownership_company) ||
        ',"criticalItems":') STORED`.execute(db);
  },
};

/**
 * The item texts cheaper to write (issue 14, catch-up): PostgreSQL computes them for every row
 * written or proposed, and an immutable SQL function whose body calls a stable one (to_json) is
 * not inlined, so each of the six calls of medchest_json_text(text) per row ran as a function call
 * of its own, some 1.5 us each (20,000 calls: 32-43 ms, against 7-11 ms for to_json itself or for
 * this form; 11,111 rows updated: 92-96 -> 60-80 ms, 16-28 ms without the texts; on the loaded
 * 2-core machine). json_object(text[]) is immutable and escapes its values with the very routine
 * to_json uses for text (escape_json): the value is cut out of `{"" : "…"}`, or null. Same text
 * for every value (checked over every character up to U+2FFF and the awkward ones, and by this
 * migration's test), so the rows stored keep theirs. The date variant stays (a date's text
 * follows DateStyle, so its cast is not immutable).
 */
export const fleetComplianceItemTextInlinedMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE OR REPLACE FUNCTION medchest_json_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN coalesce(left(substr(json_object(ARRAY['', value])::text, 7), -1), 'null')`.execute(db);
  },
};

/**
 * The item texts' dates cheaper to write (issue 14, catch-up): 0097 inlined the text variant of
 * medchest_json_text; the date variant still ran as a SQL function call of its own, twice per row
 * each time PostgreSQL computes the texts (for every row an upsert proposes, and again for its
 * update): to_json is stable, and a date's text cast follows DateStyle, so neither may stand in
 * the body of an immutable function that is to be inlined. This body calls only immutable
 * functions: the date's fields (extract) written out as to_json writes a date (ISO 8601, the year
 * at least 4 digits, " BC" before year 1, infinity spelled out). The same text as to_json's (the
 * test compares them over every day of 1800-2200, every 37th day from 4713 BC to 9999 and the far
 * edges), so the stored texts are kept. Upserting 4,000 stored rows of the list: 196 -> 141 ms of
 * PostgreSQL CPU (108 ms with no texts computed at all); the vessel-edits catch-up's upsert of the
 * list, 200k events: 3.39-3.69 -> 2.76-2.89 s (private cluster).
 */
export const fleetComplianceItemDateInlinedMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE OR REPLACE FUNCTION medchest_json_text(value date) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE
        WHEN value IS NULL THEN 'null'
        WHEN value = 'infinity' THEN '"infinity"'
        WHEN value = '-infinity' THEN '"-infinity"'
        ELSE '"' || lpad(abs(extract(year FROM value))::text, greatest(4, length(abs(extract(year FROM value))::text)), '0') ||
          '-' || lpad(extract(month FROM value)::text, 2, '0') || '-' || lpad(extract(day FROM value)::text, 2, '0') ||
          CASE WHEN value < '0001-01-01' THEN ' BC"' ELSE '"' END
      END`.execute(db);
  },
};
