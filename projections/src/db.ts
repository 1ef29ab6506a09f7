import { createHash } from 'node:crypto';
import { guardPool } from '@medchest/eventstore';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { CopyingClient } from './copy';
import type { UserFleetAssignmentsTable, UserVesselAssignmentsTable } from './assignments/migration';
import type { ActivitiesTable, ActivityBatchesTable, ActivityCountsTable, ActivityVesselNamesTable } from './activity/migration';
import type { CheckpointsTable, DroppedIndexesTable } from './checkpoints/migration';
import type { ChestSnapshotsTable, ChestSnapshotTailsTable } from './chest-snapshots/migration';
import type { EmailMessagesTable } from './email-log/migration';
import type { FleetComplianceTable } from './fleet-compliance/migration';
import type { InventoryBatchesTable } from './inventory-batches/migration';
import type { InventoryImportsTable } from './inventory-imports/migration';
import type { ChestVesselsTable, ScalesTable, VolumeRequirementsTable } from './medical-chest/migration';
import type { OrderItemsTable, OrderReceiptsTable, OrdersTable, OrderStatusHistoryTable } from './orders/migration';
import type { UserDeletionsTable, UsersTable } from './users/migration';
import type { VesselsTable } from './vessels/migration';
import type { CertificatesTable } from './certificates/migration';
import type { ReportsTable } from './reports/migration';
import type { VesselHistoryBatchesTable, VesselHistoryStateTable, VesselHistoryTable, VesselStreamsTable } from './vessel-history/migration';

/** Every read-model table, as kysely sees it (snake_case columns; queries map rows to camelCase). */
export interface ReadModelDb {
  follower_checkpoints: CheckpointsTable;
  dropped_indexes: DroppedIndexesTable;
  vessels: VesselsTable;
  certificates: CertificatesTable;
  reports: ReportsTable;
  users: UsersTable;
  user_deletions: UserDeletionsTable;
  fleet_compliance: FleetComplianceTable;
  activities: ActivitiesTable;
  email_messages: EmailMessagesTable;
  inventory_batches: InventoryBatchesTable;
  inventory_imports: InventoryImportsTable;
  activity_batches: ActivityBatchesTable;
  activity_vessel_names: ActivityVesselNamesTable;
  activity_counts: ActivityCountsTable;
  vessel_history: VesselHistoryTable;
  vessel_streams: VesselStreamsTable;
  vessel_history_state: VesselHistoryStateTable;
  vessel_history_batches: VesselHistoryBatchesTable;
  scales: ScalesTable;
  chest_vessels: ChestVesselsTable;
  volume_requirements: VolumeRequirementsTable;
  chest_snapshots: ChestSnapshotsTable;
  chest_snapshot_tails: ChestSnapshotTailsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_receipts: OrderReceiptsTable;
  user_vessel_assignments: UserVesselAssignmentsTable;
  user_fleet_assignments: UserFleetAssignmentsTable;
}

const DATE_OID = 1082;

/**
 * Per-pool type parsers (never the process-wide pg.types): a `date` column comes back as the
 * 'YYYY-MM-DD' string it holds, not as a JS Date shifted by the server's time zone.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface ReadModelDbOptions {
  /**
   * Largest number of pooled connections (default 10). The projection runner applies a batch on
   * up to its applyConcurrency of them at once (keeping one free for reads); its locks are held
   * on a connection of their own.
   */
  maxConnections?: number;
}

const databaseUrls = new WeakMap<Kysely<ReadModelDb>, string>();
const poolSizes = new WeakMap<Kysely<ReadModelDb>, number>();
const pools = new WeakMap<Kysely<ReadModelDb>, pg.Pool>();

/** A kysely handle on the read-model database (the same PostgreSQL database as the event store by default). */
export function createReadModelDb(databaseUrl: string, options: ReadModelDbOptions = {}): Kysely<ReadModelDb> {
  const max = options.maxConnections ?? 10;
  // Its clients stream a COPY's data (copy.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max, types, Client: CopyingClient });
  // A client losing its connection (server restart, pg_terminate_backend), idle in the pool or
  // checked out by kysely for a query or a transaction, must not crash the process: the query
  // rejects, the pool drops the client and the next query opens a fresh one.
  guardPool(pool);
  const db = new Kysely<ReadModelDb>({ dialect: new PostgresDialect({ pool }) });
  databaseUrls.set(db, databaseUrl);
  poolSizes.set(db, max);
  pools.set(db, pool);
  return db;
}

/** Statement names by statement text; beyond this many texts a statement is sent unnamed. */
const preparedNames = new Map<string, string>();
export const PREPARED_STATEMENTS_KEPT = 64;

/**
 * A hot read run as a named prepared statement (kysely sends every query unnamed, so PostgreSQL
 * parses and plans it on every call: 0.35-0.5 ms of planning for the fleet compliance page).
 * Named, each pooled connection parses it once, and from its sixth execution PostgreSQL may keep
 * one generic plan for it instead of planning each call; the text is not sent again either. The
 * name is a digest of the text, so one text always has one name (pg refuses a name reused for
 * another text) and the statement stays defined in one place, by the kysely query that compiles
 * it. Only for statements whose parameters do not change their best plan much, and whose text
 * takes few shapes (each shape is a statement kept on every connection). A handle not made by
 * createReadModelDb (a transaction) runs the query as kysely does. The rows as kysely gives them.
 */
export async function executePrepared<R>(db: Kysely<ReadModelDb>, query: CompiledQuery<R>): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery(query)).rows;
  let name = preparedNames.get(query.sql);
  if (name === undefined && preparedNames.size < PREPARED_STATEMENTS_KEPT) {
    name = `medchest_${createHash('sha256').update(query.sql).digest('base64url').slice(0, 24)}`;
    preparedNames.set(query.sql, name);
  }
  const result = await pool.query<R & pg.QueryResultRow>({ name, text: query.sql, values: [...query.parameters] });
  return result.rows;
}

/** The most connections a handle made by createReadModelDb opens at once (undefined for another handle). */
export function poolSizeOf(db: Kysely<ReadModelDb>): number | undefined {
  return poolSizes.get(db);
}

/** The database URL a handle made by createReadModelDb was made for. */
export function databaseUrlOf(db: Kysely<ReadModelDb>): string {
  const url = databaseUrls.get(db);
  if (!url) throw new Error('Not a read-model database made by createReadModelDb');
  return url;
}

/**
 * A connection of its own, outside the pool, for session advisory locks held a long time. Unlike a
 * pooled connection checked out for long, it has an error listener: losing it (server restart,
 * network cut, pg_terminate_backend) calls `onLost` instead of crashing the process.
 */
export async function openDedicatedConnection(
  db: Kysely<ReadModelDb>,
  onLost: (error: Error) => void,
  databaseUrl?: string,
): Promise<pg.Client> {
  const url = databaseUrl ?? databaseUrls.get(db);
  if (!url) throw new Error('Pass a db made by createReadModelDb (or its databaseUrl) to hold advisory locks');
  const client = new pg.Client({ connectionString: url });
  client.on('error', onLost);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}
