import { VESSEL_CHEST, vesselOfUrl } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { adjustBatch, bulkImport, hierarchicalInventory, listInventory, recordUsage } from '../commands/inventory';
import { answerPosition, commandContext } from '../http/context';
import { batchParams, vesselParams, type RoutePlugin } from '../http/routeSchemas';

/**
 * A bulk import may hold up to MAX_IMPORT_ROWS (10,000) rows; as JSON that is a few megabytes,
 * more than Fastify's default 1 MB body limit. This route alone accepts more.
 */
const BULK_IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** The inventory calls of spec 000 §7: the vessel's batches, bulk import, a batch's quantity. */
export const inventoryRoutes: RoutePlugin<{ deps: AppDeps; now?: () => Date }> = async (app, { deps, now }) => {

  app.get('/api/vessels/:id/inventory', { schema: { params: vesselParams }, config: { access: VESSEL_CHEST } }, async (request) =>
    listInventory(deps, request.params.id),
  );

  app.get('/api/vessels/:id/hierarchical-inventory', { schema: { params: vesselParams }, config: { access: VESSEL_CHEST } }, async (request) =>
    hierarchicalInventory(deps, request.params.id, (now ?? (() => new Date()))()),
  );

  app.post(
    '/api/vessels/:id/inventory/bulk-import',
    { schema: { params: vesselParams }, config: { access: VESSEL_CHEST }, bodyLimit: BULK_IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const { position, ...result } = await bulkImport(deps, request.params.id, request.body, commandContext(request));
      answerPosition(reply, position);
      return result;
    },
  );

  app.patch('/api/vessels/:id/inventory/:batchId', { schema: { params: batchParams }, config: { access: VESSEL_CHEST } }, async (request, reply) => {
    const { batch, position } = await adjustBatch(deps, request.params.id, request.params.batchId, request.body, commandContext(request));
    answerPosition(reply, position);
    return batch;
  });

  // Usage on board, as a difference (issue 16): the chest's own people, on the vessel in the URL.
  app.post(
    '/api/vessels/:id/inventory/:batchId/usage',
    { schema: { params: batchParams }, config: { access: VESSEL_CHEST, ownerVessel: vesselOfUrl } },
    async (request, reply) => {
      const { batch, position } = await recordUsage(deps, request.params.id, request.params.batchId, request.body, commandContext(request));
      answerPosition(reply, position);
      return reply.code(201).send(batch);
    },
  );
};
