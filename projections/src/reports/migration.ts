import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

/**
 * Every report generated (Reports & Analytics and the compliance audit), one row per report: the
 * Recent Reports list and the downloads. The row holds the report as its event recorded it.
 */
export interface ReportsTable {
  id: string;
  name: string;
  /** A generated type (compliance_summary …) or 'audit'. */
  report_type: string;
  generated_at: ColumnType<Date, Date | string, Date | string>;
  generated_by: string | null;
  /** The vessels it covers: a caller sees the report only when it may see every one of them. */
  vessel_ids: string[];
  /** The answer of GET /api/reports/{id}, as recorded. */
  report: ColumnType<unknown, string, string>;
}

export const reportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reports')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('report_type', 'text', (c) => c.notNull())
      .addColumn('generated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('generated_by', 'text')
      .addColumn('vessel_ids', sql`text[]`, (c) => c.notNull())
      .addColumn('report', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reports_generated_at').ifNotExists().on('reports').columns(['generated_at desc', 'id']).execute();
  },
};
