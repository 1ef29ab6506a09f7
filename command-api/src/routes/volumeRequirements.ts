import { VESSEL_CHEST } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { volumeRequirementsAsOf, volumeRequirementsQuery, volumeRequirementsToday } from '../commands/volumeRequirements';
import { keptByVersion } from '../http/keptByVersion';
import { createDigestAnswerStore } from '../http/jsonAnswer';
import { asOfQuery, vesselParams, type RoutePlugin } from '../http/routeSchemas';

/** Every table today's answer reads (chest_vessels, volume_requirements, scales, inventory_batches) is this read model's. */
const CHEST_READ_MODEL = ['medical-chest'] as const;
/** Vessels whose answer's digest is kept by version: a few dozen bytes each, so the whole fleet. */
const DIGESTS_KEPT = 50_000;

/**
 * GET /api/vessels/{id}/volume-requirements[?asOf=YYYY-MM-DD] (spec 000 §7): the list of volume
 * requirement rows of the vessel's chest, today (`now`'s UTC day) or as it stood at the end of a
 * past day. The fleet roles, and a captain on their own vessel.
 *
 * Today's answer is the hot path (every inventory page load, every captain's count): answers are
 * kept by the digest the read model stores with each evaluation, and each vessel's digest is kept
 * while the chest read model stands still on the same day (where it stands is read once per
 * request, by the session lookup's own statement): a repeat then reads no row of its own.
 */
export const volumeRequirementRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  const answers = createDigestAnswerStore();
  const digests = keptByVersion<string>(DIGESTS_KEPT);
  app.get(
    '/api/vessels/:id/volume-requirements',
    { schema: { params: vesselParams, querystring: asOfQuery }, config: { access: VESSEL_CHEST, readsModels: true } },
    async (request, reply) => {
      const { id } = request.params;
      const { today, asOf } = volumeRequirementsQuery(request.query.asOf, now());
      if (asOf !== undefined) return volumeRequirementsAsOf(deps, id, asOf);
      // Read before the answer: an answer is never older than the version it is kept under.
      const version = `${today}|${(await request.readModels()).of(CHEST_READ_MODEL)}`;
      const keptDigest = digests.get(id, version);
      const kept = keptDigest === undefined ? undefined : answers.get(keptDigest);
      if (kept) return answers.send(request, reply, kept);
      // Its rows come as JSON text, unless the chest still has the digest whose answer is kept (then none).
      const held = digests.latest(id);
      const answer = await volumeRequirementsToday(deps, id, today, answers, held !== undefined && answers.get(held) ? held : undefined);
      digests.set(id, version, answer.digest);
      return answers.send(request, reply, answer);
    },
  );
};
