import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { DateColumn, Timestamp } from '../vessels/migration';

/**
 * The medical chest's read models. One projection owns them all, with the inventory batches: a
 * vessel's evaluation reads its profile, its scale and its batches, and these must be the ones the
 * same events left behind (another projection's tables may lag or lead this one).
 */

/** Every scale imported as an event (ScaleImported). The shipped scale lives in the code, not here. */
export interface ScalesTable {
  id: string;
  name: string;
  source: string;
  effective_date: string;
  item_count: number;
  csv_sha256: string;
  imported_at: Timestamp;
  /** The parsed items (ScaleItem[]) exactly as the event states them. */
  items: ColumnType<unknown, unknown, unknown>;
}

/**
 * One row per live vessel: what its requirements depend on (profile, scale) and its evaluation.
 * The evaluation was made for evaluated_on and holds, with no new event, until next_change_on
 * (a batch expires or comes within 60 days of expiry); a read for a day outside that window
 * re-evaluates the vessel first.
 */
export interface ChestVesselsTable {
  vessel_id: string;
  crew_size: number;
  medical_category: string;
  women_on_board: boolean;
  carries_dangerous_goods: boolean;
  /** The assigned scale; null: the shipped scale. */
  scale_id: string | null;
  status: string;
  critical_items: number;
  low_stock_items: number;
  /** Counted batches of required items expiring within 60 days. */
  expiring_batches: number;
  /** Batches on board with a quantity above zero, expired or not. */
  batches_on_board: number;
  evaluated_on: string;
  next_change_on: DateColumn;
  /**
   * Names the vessel's volume requirement rows as the API answers them (rowsDigest: the sum of a
   * sha256 per row), so a server may keep answers by digest and serve one again after reading
   * this row only. A sum, so that a change of a few rows updates it without reading the others.
   */
  rows_digest: string;
  /**
   * Whether the vessel's volume requirement rows are stored (since 0067). A vessel that has never
   * had a batch on record stores none: its rows are those of an empty chest, the same for every
   * vessel of its profile and scale, made in memory (evaluate.ts emptyChest). Its first batch
   * stores them, and from then on only the rows that change are written.
   */
  rows_stored: ColumnType<boolean, boolean | undefined, boolean>;
  /** Batches whose scale id the vessel's scale does not list (none of its rows counts them). */
  unmatched_batches: ColumnType<number, number | undefined, number>;
}

/** One row per vessel and scale item, in the scale's order (spec 000 §3 "Volume requirement row"). */
export interface VolumeRequirementsTable {
  vessel_id: string;
  position: number;
  scale_id: string;
  scale_description: string;
  section: string;
  required_quantity: number | null;
  required_unit: string | null;
  requirement: string;
  actual_quantity: number;
  compliance_status: string;
  expiring_soon: boolean;
  /**
   * The item's share of the vessel's figures (since 0067), so that an event changing one item
   * updates the vessel's figures from this row alone: its batches with a quantity on board, its
   * counted batches expiring within 60 days, and the first day its row changes with no event.
   */
  batches_on_board: ColumnType<number, number | undefined, number>;
  expiring_batches: ColumnType<number, number | undefined, number>;
  next_change_on: ColumnType<DateColumn, DateColumn | undefined, DateColumn>;
  /**
   * The row's VolumeRequirementRow as JSON text (evaluate.ts rowText), written with the row (0095,
   * 0096): the requirements read concatenates these in the scale's order (medical-chest/queries).
   */
  row_json: string;
}

export const medicalChestMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('scales')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('effective_date', 'date', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('csv_sha256', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('chest_vessels')
      .addColumn('vessel_id', 'text', (c) => c.primaryKey())
      .addColumn('crew_size', 'integer', (c) => c.notNull())
      .addColumn('medical_category', 'text', (c) => c.notNull())
      .addColumn('women_on_board', 'boolean', (c) => c.notNull())
      .addColumn('carries_dangerous_goods', 'boolean', (c) => c.notNull())
      .addColumn('scale_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('critical_items', 'integer', (c) => c.notNull())
      .addColumn('low_stock_items', 'integer', (c) => c.notNull())
      .addColumn('expiring_batches', 'integer', (c) => c.notNull())
      .addColumn('batches_on_board', 'integer', (c) => c.notNull())
      .addColumn('evaluated_on', 'date', (c) => c.notNull())
      .addColumn('next_change_on', 'date')
      .addColumn('rows_digest', 'text', (c) => c.notNull())
      .modifyEnd(sql`WITH (fillfactor = 70)`)
      .execute();
    // The scan for evaluations that do not hold for a day: their day has come (next_change_on), or
    // they were made for a later day (evaluated_on); two indexes, so the OR of both is two lookups.
    await db.schema.createIndex('chest_vessels_next_change_idx').on('chest_vessels').column('next_change_on').execute();
    await db.schema.createIndex('chest_vessels_evaluated_idx').on('chest_vessels').column('evaluated_on').execute();
    await db.schema
      .createTable('volume_requirements')
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('scale_id', 'text', (c) => c.notNull())
      .addColumn('scale_description', 'text', (c) => c.notNull())
      .addColumn('section', 'text', (c) => c.notNull())
      .addColumn('required_quantity', 'double precision')
      .addColumn('required_unit', 'text')
      .addColumn('requirement', 'text', (c) => c.notNull())
      .addColumn('actual_quantity', 'integer', (c) => c.notNull())
      .addColumn('compliance_status', 'text', (c) => c.notNull())
      .addColumn('expiring_soon', 'boolean', (c) => c.notNull())
      .addPrimaryKeyConstraint('volume_requirements_pk', ['vessel_id', 'position'])
      // A batch edit rewrites one vessel's rows in place; most are unchanged and skipped.
      .modifyEnd(sql`WITH (fillfactor = 80)`)
      .execute();
    // The vessel's status now comes from its chest (chest_vessels): the placeholder column goes.
    await db.schema.alterTable('fleet_compliance').dropColumn('compliance_status').execute();
  },
};

/**
 * The medical chest written per item (issue 14): an inventory event rewrites its item's row and
 * the vessel's figures, not the vessel's whole chest, so each row carries the item's share of the
 * figures; a vessel without batches stores no rows. The chest's tables are emptied and its
 * checkpoint dropped, so the runner replays the log into them (read models are disposable).
 */
export const chestPerItemMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      ALTER TABLE volume_requirements
        ADD COLUMN batches_on_board integer NOT NULL DEFAULT 0,
        ADD COLUMN expiring_batches integer NOT NULL DEFAULT 0,
        ADD COLUMN next_change_on date`.execute(db);
    await sql`
      ALTER TABLE chest_vessels
        ADD COLUMN rows_stored boolean NOT NULL DEFAULT false,
        ADD COLUMN unmatched_batches integer NOT NULL DEFAULT 0`.execute(db);
    await sql`TRUNCATE inventory_batches, scales, chest_vessels, volume_requirements`.execute(db);
    await sql`DELETE FROM follower_checkpoints WHERE name = 'medical-chest'`.execute(db);
  },
};

/**
 * The chest digest summed in eight 32-bit lanes instead of one 256-bit number (the same names for
 * the same rows, made without big integers): digests stored by 0067 would be moved in the wrong
 * arithmetic, so the chest is replayed again.
 */
export const chestDigestLanesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`TRUNCATE inventory_batches, scales, chest_vessels, volume_requirements`.execute(db);
    await sql`DELETE FROM follower_checkpoints WHERE name = 'medical-chest'`.execute(db);
  },
};

/**
 * Each requirement row's JSON text stored (issue 14, a vessel's first requirements read): the read
 * wrote every one of a vessel's ~141 rows out with row_to_json, most of its PostgreSQL CPU; now it
 * concatenates these. A generated column, so PostgreSQL writes it with every insert and update of
 * the row (the chest projection, a rebuild, and this migration for the rows already there: adding
 * it rewrites the table), and the text has one definition: the fields of VolumeRequirementRow in
 * its order, written as JSON.stringify writes them (as row_to_json wrote them before).
 * A generated column may only call immutable functions and to_json is declared stable (of text it
 * is not; of double precision its text follows extra_float_digits, which nothing of ours sets, and
 * at its default it is the shortest exact text): hence a function declared immutable. One PL/pgSQL
 * function for the row, not medchest_json_text (0094) per field: PostgreSQL does not inline an
 * immutable SQL function whose body is stable, and six such calls a row made each row write cost
 * ~25 us more CPU; this one ~7 us (insert or update, measured on 141k rows).
 */
export const volumeRequirementsRowJsonMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE FUNCTION medchest_volume_requirement_json(scale_id text, scale_description text, section text,
        required_quantity double precision, required_unit text, requirement text, actual_quantity integer,
        compliance_status text, expiring_soon boolean)
      RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN '{"scaleId":' || to_json(scale_id)::text || ',"scaleDescription":' || to_json(scale_description)::text ||
          ',"section":' || to_json(section)::text || ',"requiredQuantity":' || coalesce(to_json(required_quantity)::text, 'null') ||
          ',"requiredUnit":' || coalesce(to_json(required_unit)::text, 'null') || ',"requirement":' || to_json(requirement)::text ||
          ',"actualQuantity":' || actual_quantity || ',"complianceStatus":' || to_json(compliance_status)::text ||
          ',"expiringSoon":' || expiring_soon || '}';
      END $$`.execute(db);
    await sql`ALTER TABLE volume_requirements
      ADD COLUMN row_json text NOT NULL GENERATED ALWAYS AS (medchest_volume_requirement_json(scale_id, scale_description,
        section, required_quantity, required_unit, requirement, actual_quantity, compliance_status, expiring_soon)) STORED`.execute(db);
  },
};

/**
 * Each requirement row's JSON text written by its writer (issue 14, the chest's cost per row
 * written): the text the chest's code already makes of every row it writes, to digest it
 * (evaluate.ts rowText, JSON.stringify), instead of PostgreSQL making it again in the generated
 * column of 0095, a PL/pgSQL call per row written that was half the CPU of inserting it (6.4 us
 * a row with it, 3.0 without, 100k rows). The same text (0095's test holds the two equal): the
 * rows stored keep theirs, and the function goes with the expression.
 */
export const volumeRequirementsRowJsonWrittenMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE volume_requirements ALTER COLUMN row_json DROP EXPRESSION`.execute(db);
    await sql`DROP FUNCTION medchest_volume_requirement_json(text, text, text, double precision, text, text, integer, text, boolean)`.execute(db);
  },
};
