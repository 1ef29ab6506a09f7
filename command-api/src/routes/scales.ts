import { SCALE_CSV_MAX_CHARS, scaleProvenanceView, SHIPPED_SCALE_METADATA } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { ADMIN, FLEET, VESSEL_CHEST } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { findScale } from '../commands/scaleInForce';
import { assignVesselScale, importScale, vesselScale } from '../commands/scales';
import { answerPosition, commandContext } from '../http/context';
import { asOfQuery, scaleNotFound, scaleParams, vesselParams, type RoutePlugin } from '../http/routeSchemas';
import { listScales } from '../readModels';


/**
 * The scale's text travels inside the JSON body; a UTF-8 character may take up to 4 bytes (JSON
 * escapes a few more), so the body limit follows the schema's character limit with room to spare.
 */
const SCALE_IMPORT_BODY_LIMIT = SCALE_CSV_MAX_CHARS * 4 + 64 * 1024;

/**
 * Scales (issue 3): an admin imports a scale table; fleet users list the scales, read and change
 * the one a vessel follows. A captain reads their own vessel's scale (their inventory page names
 * it) but does not choose it: that is the fleet's decision. Commands are stamped with the app's
 * one clock (commandContext), which "as of" replays by.
 */
export const scaleRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {

  app.post('/api/admin/scales', { config: { access: ADMIN }, bodyLimit: SCALE_IMPORT_BODY_LIMIT }, async (request, reply) => {
    const { scale, position } = await importScale(deps, request.body, commandContext(request));
    answerPosition(reply, position);
    return reply.code(201).send(scale);
  });

  // The read model does not hold the shipped scale's items (they are in the code); its count is
  // filled in here so every row of the list says how many items it has.
  app.get('/api/scales', { config: { access: FLEET } }, async () =>
    (await listScales(deps.db)).map((scale) =>
      scale.id === SHIPPED_SCALE_METADATA.id ? { ...scale, itemCount: loadShippedScale().items.length } : scale,
    ),
  );

  // A scale's page (issue 15, "Trust in the scale"): its sources, how far each can be trusted and
  // which figures of each item they back. Scales are reference tables, not vessel data: any active
  // account (a captain's inventory names its scale too) may read one.
  app.get('/api/scales/:id', { schema: { params: scaleParams }, config: { access: 'active' } }, async (request) => {
    const scale = await findScale(deps, request.params.id);
    if (!scale) throw scaleNotFound();
    return scaleProvenanceView(scale);
  });

  app.get('/api/vessels/:id/scale', { schema: { params: vesselParams, querystring: asOfQuery }, config: { access: VESSEL_CHEST } }, async (request) =>
    vesselScale(deps, request.params.id, request.query.asOf, now()),
  );

  app.put('/api/vessels/:id/scale', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request, reply) => {
    const { scale, position } = await assignVesselScale(deps, request.params.id, request.body, commandContext(request));
    answerPosition(reply, position);
    return scale;
  });
};
