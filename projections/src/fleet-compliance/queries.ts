import type { FleetComplianceItem, VesselScope, VesselStatus } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { executePrepared, type ReadModelDb } from '../db';
import { chestsOn, evaluationHoldsSql } from '../medical-chest/current';

export type { FleetComplianceItem } from '@medchest/domain';

/**
 * A vessel the chest projection has not reached yet has no stock recorded: every required item
 * is missing, which is what 'Critical' says.
 */
const NOT_YET_EVALUATED: VesselStatus = 'Critical';

/** Where a page of the list starts: after this vessel, in the list's order (lower(name), name, id). */
export interface FleetComplianceCursor {
  vesselName: string;
  id: string;
}

/** The cursor as text for a query string: the vessel's name and id, base64url JSON. */
export function encodeFleetComplianceCursor(cursor: FleetComplianceCursor): string {
  return Buffer.from(JSON.stringify([cursor.vesselName, cursor.id])).toString('base64url');
}

/** The cursor back from its text; undefined when the text is not one. */
export function decodeFleetComplianceCursor(text: string): FleetComplianceCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { vesselName: value[0], id: value[1] };
    }
  } catch {
    // Not base64url JSON: not a cursor of ours.
  }
  return undefined;
}

/**
 * The list, or a page of it, as the JSON text of FleetComplianceItem[] (what the API sends), and
 * the next page's cursor (a page only; undefined: the last page).
 */
export interface FleetComplianceAnswer {
  json: string;
  nextCursor?: string;
}

/**
 * THE mapping of a vessel's rows to its fleet compliance item's JSON text, the item's fields in the
 * answer's order, byte for byte as JSON.stringify writes the item: the vessel's fields as
 * fleet_compliance stores them written out (item_head, item_middle: generated columns, 0094), the
 * chest's status and counts (`c`, its chest_vessels row, if any) spliced in. Concatenating stored
 * text costs PostgreSQL about 30% less CPU for a page than writing each row out with row_to_json.
 * The status goes in between quotes as it is, not through to_json (a call per row that took back
 * half of that saving): a VesselStatus is one of four plain words, nothing in them to escape.
 */
const ITEM = sql<string>`f.item_head || '"' || coalesce(c.status, ${NOT_YET_EVALUATED}) || '"' || f.item_middle || coalesce(c.critical_items, 0) ||
    ',"lowStockItems":' || coalesce(c.low_stock_items, 0) || ',"expiringItems":' || coalesce(c.expiring_batches, 0) || '}'`;

/**
 * The list's rows in its order (lower(name), name, id; the order of fleet_compliance_name_idx),
 * each its item as JSON text and whether its stored chest evaluation no longer holds for `today`
 * (stale: to be evaluated in memory, chestsOn).
 */
function fleetComplianceRows(db: Kysely<ReadModelDb>, scope: VesselScope, today: string, perRow = false) {
  return db
    .selectFrom('fleet_compliance as f')
    .leftJoin('chest_vessels as c', 'c.vessel_id', 'f.id')
    .select([
      'f.id',
      'f.vessel_name',
      ITEM.as('item'),
      sql<boolean>`(c.evaluated_on IS NOT NULL AND NOT ${evaluationHoldsSql(today, 'c')})`.as('stale'),
    ])
    .where(vesselInScope(scope, 'f.id', { perRow, fleet: 'f.fleet' }))
    .orderBy(sql`lower(f.vessel_name)`)
    .orderBy('f.vessel_name')
    .orderBy('f.id');
}

/**
 * One item per live vessel of the scope, sorted by vessel name, with its chest as it stands on
 * `today` (YYYY-MM-DD): the stored evaluation where it holds for `today`, the others evaluated in
 * memory (chestsOn, nothing written).
 */
export async function listFleetCompliance(db: Kysely<ReadModelDb>, today: string, scope: VesselScope): Promise<FleetComplianceItem[]> {
  const { json, stale } = await readItems(db, scope, today);
  return evaluatedOn(db, JSON.parse(json) as FleetComplianceItem[], stale, today);
}

/**
 * listFleetCompliance as the API answers it, whole or one page (at most `page.limit` items after
 * `page.after`): its JSON text made of the items' texts PostgreSQL writes in the one statement that
 * reads the rows, so this process neither parses the items nor writes them out (unless a chest's
 * day has come and the daily scan has not stored it yet: then those items are evaluated here). A
 * page is read in the order of the name index and stopped there, so it costs its own rows whatever
 * the size of the fleet.
 */
export async function fleetComplianceAnswer(db: Kysely<ReadModelDb>, today: string, scope: VesselScope, page?: FleetCompliancePaging): Promise<FleetComplianceAnswer> {
  const { json, stale, last } = await readItems(db, scope, today, page);
  const answer = stale.length === 0 ? json : JSON.stringify(await evaluatedOn(db, JSON.parse(json) as FleetComplianceItem[], stale, today));
  return last ? { json: answer, nextCursor: encodeFleetComplianceCursor(last) } : { json: answer };
}

/** A page of the list: at most `limit` items, after the vessel `after` (none: from the start). */
export interface FleetCompliancePaging {
  limit: number;
  after?: FleetComplianceCursor;
}

/**
 * The statement that reads a page of the list (for EXPLAIN in the bench too): its rows in the
 * list's order, each its item's JSON text, and the first row of the next page (to know there is
 * one). Its scope is checked a row at a time (perRow), so the name index's order is kept and the
 * scan stops there.
 */
export function fleetCompliancePageStatement(db: Kysely<ReadModelDb>, scope: VesselScope, today: string, page: FleetCompliancePaging) {
  if (!(Number.isSafeInteger(page.limit) && page.limit > 0)) throw new Error(`Not a page size: ${page.limit}`);
  // The page size is written into the text, not sent as a parameter: the statement is prepared
  // (readItems), and PostgreSQL plans a LIMIT parameter for a tenth of the rows, which makes the
  // generic plan cost more than each call's own and so never chosen (every call planned again).
  // A text per page size: the dashboard asks for one.
  let rows = fleetComplianceRows(db, scope, today, true).limit(sql.lit(page.limit + 1));
  if (page.after) {
    const { vesselName, id } = page.after;
    rows = rows.where(sql<boolean>`(lower(f.vessel_name), f.vessel_name, f.id) > (lower(${vesselName}), ${vesselName}, ${id})`);
  }
  return rows;
}

/**
 * The statement that reads the whole list (for EXPLAIN in the bench too): one row, the items as
 * one JSON array text written by PostgreSQL, and the ids of those whose evaluation is stale. A
 * page's rows are joined here instead (readItems); a thousand rows would cost this process more
 * to take in one by one than PostgreSQL saves (1.4 -> 2.3 ms of this thread at 1k vessels).
 */
export function fleetComplianceListStatement(db: Kysely<ReadModelDb>, scope: VesselScope, today: string) {
  const rows = fleetComplianceRows(db, scope, today).select(sql<string>`row_number() OVER (ORDER BY lower(f.vessel_name), f.vessel_name, f.id)`.as('n'));
  return sql<{ json: string; stale: string[] }>`
    SELECT '[' || coalesce(string_agg(r.item, ',' ORDER BY r.n), '') || ']' AS json,
           coalesce(array_agg(r.id) FILTER (WHERE r.stale), '{}') AS stale
      FROM (${rows}) r`;
}

type PageStatement = ReturnType<typeof fleetCompliancePageStatement>;
type PageRow = PageStatement extends { compile(): CompiledQuery<infer R> } ? R : never;

/** Marks a value's place in a page statement compiled for its shape (no constant of it starts with NUL: PostgreSQL text holds none). */
const MARKER = '\u0000medchest:';
/** Enough for every page size and scope kind in use; past it a shape is compiled on each call, as before. */
const PAGE_SHAPES_KEPT = 64;
const pageShapes = new WeakMap<Kysely<ReadModelDb>, Map<string, CompiledQuery<PageRow>>>();

/**
 * fleetCompliancePageStatement compiled once per shape (the scope's kind and which of its ids are
 * set, the page size, from the start or after a cursor), this call's values put in their places:
 * building and compiling it with kysely on every uncached page cost the server thread about a
 * fifth of its work for the page (~55 us under load). Compiled with a marker for each value, each
 * marker then replaced among the parameters; a marker left unreplaced (a value changed on its way
 * into the statement, so its place is not known) throws rather than sending the wrong value.
 */
function compiledPageStatement(db: Kysely<ReadModelDb>, scope: VesselScope, today: string, page: FleetCompliancePaging): CompiledQuery<PageRow> {
  const values = new Map<string, string>();
  const mark = (name: string, value: string) => {
    values.set(MARKER + name, value);
    return MARKER + name;
  };
  const scopeShape = Object.fromEntries(
    Object.entries(scope).map(([key, value]) => [key, key === 'kind' || typeof value !== 'string' ? value : mark(`scope.${key}`, value)]),
  ) as VesselScope;
  const after = page.after && { vesselName: mark('after.vesselName', page.after.vesselName), id: mark('after.id', page.after.id) };
  const todayShape = mark('today', today);
  const key = JSON.stringify([scopeShape, page.limit, after !== undefined]);
  let shapes = pageShapes.get(db);
  if (!shapes) pageShapes.set(db, (shapes = new Map()));
  let shape = shapes.get(key);
  if (!shape) {
    shape = fleetCompliancePageStatement(db, scopeShape, todayShape, { limit: page.limit, after }).compile();
    // Each value must stand as a parameter of its own: one written into the text, or used only to
    // work out another value, would be kept in the shape and so reused for every later call.
    const placed = new Set(shape.parameters);
    const misplaced = [...values.keys()].filter((marker) => !placed.has(marker) || shape!.sql.includes(marker));
    if (misplaced.length > 0) throw new Error(`Values not sent as parameters of the fleet compliance page statement: ${misplaced.join(', ')}`);
    if (shapes.size < PAGE_SHAPES_KEPT) shapes.set(key, shape);
  }
  const parameters = shape.parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(MARKER)) return parameter;
    const value = values.get(parameter);
    if (value === undefined) throw new Error(`A value of the fleet compliance page statement changed on its way in: ${JSON.stringify(parameter)}`);
    return value;
  });
  return { ...shape, parameters };
}

async function readItems(db: Kysely<ReadModelDb>, scope: VesselScope, today: string, page?: FleetCompliancePaging) {
  if (!page) {
    // Not prepared: it runs for milliseconds, and each call's own plan is the safer one for a
    // statement that long.
    const [{ json, stale }] = (await db.executeQuery(fleetComplianceListStatement(db, scope, today).compile(db))).rows;
    return { json, stale, last: undefined };
  }
  // A page prepared: the dashboard's every uncached page is this statement, and planning it cost as
  // much as running it (a page is one index scan of its own rows). Its answer is the rows' item
  // texts joined here, in the order they come, rather than by string_agg in the statement: that
  // took PostgreSQL a window function (each row's place), a sort inside the aggregate (PostgreSQL
  // 15 sorts an ordered aggregate's input even when it comes in order) and two more copies of the
  // text, a fifth of the statement's CPU, where joining some fifty strings here costs next to nothing.
  const rows = await executePrepared(db, compiledPageStatement(db, scope, today, page));
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  const json = `[${items.map((row) => row.item).join(',')}]`;
  const stale = items.filter((row) => row.stale).map((row) => row.id);
  const end = items[items.length - 1];
  const last: FleetComplianceCursor | undefined = more ? { vesselName: end.vessel_name, id: end.id } : undefined;
  return { json, stale, last };
}

/** These items with the chests of `stale` (their ids) evaluated for `today` in memory (nothing is written). */
async function evaluatedOn(db: Kysely<ReadModelDb>, items: FleetComplianceItem[], stale: readonly string[], today: string): Promise<FleetComplianceItem[]> {
  if (stale.length === 0) return items;
  const current = await chestsOn(db, stale, today);
  return items.map((item) => {
    const chest = current.get(item.id);
    return chest
      ? { ...item, complianceStatus: chest.status, criticalItems: chest.criticalItems, lowStockItems: chest.lowStockItems, expiringItems: chest.expiringBatches }
      : item;
  });
}
