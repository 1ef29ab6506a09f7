import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/** The vessel ids assigned to a user directly (live vessels only), in name order. */
export async function listAssignedVesselIds(db: Kysely<ReadModelDb>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_vessel_assignments as a')
    .innerJoin('vessels as v', 'v.id', 'a.vessel_id')
    .select('a.vessel_id')
    .where('a.user_id', '=', userId)
    .orderBy(sql`lower(v.vessel_name)`)
    .orderBy('a.vessel_id')
    .execute();
  return rows.map((r) => r.vessel_id);
}

/** The fleet names assigned to a user, sorted. */
export async function listAssignedFleets(db: Kysely<ReadModelDb>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_fleet_assignments').select('fleet').where('user_id', '=', userId).orderBy('fleet').execute();
  return rows.map((r) => r.fleet);
}

/** Every fleet name a live vessel carries, sorted (GET /api/admin/fleets). */
export async function listFleetNames(db: Kysely<ReadModelDb>): Promise<string[]> {
  const rows = await db
    .selectFrom('vessels')
    .select('fleet')
    .distinct()
    .where('fleet', 'is not', null)
    .where('fleet', '<>', '')
    .orderBy('fleet')
    .execute();
  return rows.map((r) => r.fleet as string);
}

/**
 * How many live vessels each user can see through assignments (vessels ∪ vessels of fleets), for
 * the admin users table; users without any are absent from the map.
 */
export async function countVesselsInScopeByUser(db: Kysely<ReadModelDb>): Promise<Map<string, number>> {
  const { rows } = await sql<{ user_id: string; n: string }>`
    SELECT user_id, count(DISTINCT vessel_id) AS n FROM (
      SELECT a.user_id, a.vessel_id FROM user_vessel_assignments a JOIN vessels v ON v.id = a.vessel_id
      UNION ALL
      SELECT f.user_id, v.id FROM user_fleet_assignments f JOIN vessels v ON v.fleet = f.fleet
    ) s GROUP BY user_id`.execute(db);
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}
