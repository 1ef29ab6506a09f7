import { orderNotFound, supplierStatus, type OrderStatus } from '@medchest/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import {
  acknowledgeOrder,
  assignVendor,
  changeOrderStatus,
  createOrder,
  exportOrder,
  moveByLink,
  orderByLink,
  previewOrder,
  quoteByLink,
} from '../commands/orders';
import { answerPosition, commandContext } from '../http/context';
import { orderParams, vesselParams, type RoutePlugin } from '../http/routeSchemas';
import { getOrder, listOrders, listSupplierOrders } from '../readModels';

type WithToken = { Params: { token: string } };

const listQuery = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().max(40).optional()),
  vesselId: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().max(40).optional()),
});

/** The supplier's moves through the signed link: URL segment → status. */
const LINK_MOVES: Record<string, OrderStatus> = { acknowledge: 'acknowledged', 'in-progress': 'in_progress', fulfilled: 'fulfilled' };

/**
 * The order calls of spec 001 §7 (fleet side), the supplier portal's, and the supplier's signed
 * link (public: the token is the credential; a bad or expired one is a 404 like an unknown order).
 */
export const orderRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date; supplierLinkSecret: () => Promise<string> }> = async (
  app,
  { deps, now, supplierLinkSecret },
) => {
  /**
   * The calls about one order: the fleet roles, on orders of vessels in their scope (issue 9). An
   * order of a vessel outside it answers 404 Order not found, exactly as an unknown order does.
   */
  const ORDER_OF_URL = {
    access: FLEET,
    notFound: orderNotFound,
    ownerVessel: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: string };
      return id ? (await getOrder(deps.db, id))?.vesselId : undefined;
    },
  };
  const sendOrder = (reply: FastifyReply, result: Awaited<ReturnType<typeof createOrder>>, code = 200) => {
    answerPosition(reply, result.position);
    return reply.code(code).send(result.order);
  };

  app.post('/api/vessels/:id/generate-order', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request) => previewOrder(deps, request.params.id, request.body));

  app.get('/api/orders', { schema: { querystring: listQuery }, config: { access: FLEET } }, async (request) => listOrders(deps.db, { ...request.query, scope: request.scope }));

  app.post('/api/orders', { config: { access: FLEET } }, async (request, reply) => sendOrder(reply, await createOrder(deps, request.body, commandContext(request)), 201));

  app.get('/api/orders/:id', { schema: { params: orderParams }, config: ORDER_OF_URL }, async (request) => {
    const order = await getOrder(deps.db, request.params.id);
    if (!order) throw orderNotFound();
    return order;
  });

  app.patch('/api/orders/:id/status', { schema: { params: orderParams }, config: ORDER_OF_URL }, async (request, reply) =>
    sendOrder(reply, await changeOrderStatus(deps, request.params.id, request.body, commandContext(request))),
  );

  app.patch('/api/orders/:id/assign-vendor', { schema: { params: orderParams }, config: ORDER_OF_URL }, async (request, reply) =>
    sendOrder(reply, await assignVendor(deps, request.params.id, request.body, commandContext(request))),
  );

  app.get('/api/orders/:id/export', { schema: { params: orderParams, querystring: z.object({ format: z.unknown().optional() }) }, config: ORDER_OF_URL }, async (request, reply) => {
    const file = await exportOrder(deps, request.params.id, request.query.format);
    const disposition = file.contentType === 'application/pdf' ? 'inline' : 'attachment';
    return reply.header('content-type', file.contentType).header('content-disposition', `${disposition}; filename="${file.fileName}"`).send(file.body);
  });

  app.get<{ Params: { supplierName: string } }>('/api/supplier/orders/:supplierName', { config: { access: FLEET } }, async (request) =>
    listSupplierOrders(deps.db, request.params.supplierName, { scope: request.scope }),
  );

  app.put('/api/supplier/orders/:id/acknowledge', { schema: { params: orderParams }, config: ORDER_OF_URL }, async (request, reply) =>
    sendOrder(reply, await acknowledgeOrder(deps, request.params.id, commandContext(request))),
  );

  app.get<WithToken>('/api/supplier/link/:token', { config: { access: 'public' } }, async (request) => {
    const { order } = await orderByLink(deps, await supplierLinkSecret(), request.params.token, now());
    // The supplier's own words for the status (an ordered order is sent_to_supplier to them).
    return { ...order, status: supplierStatus(order.status) };
  });

  app.put<WithToken>('/api/supplier/link/:token/quote', { config: { access: 'public' } }, async (request, reply) =>
    sendOrder(reply, await quoteByLink(deps, await supplierLinkSecret(), request.params.token, request.body, commandContext(request))),
  );

  app.put<WithToken & { Params: { move: string } }>('/api/supplier/link/:token/:move', { config: { access: 'public' } }, async (request, reply) => {
    const to = LINK_MOVES[request.params.move];
    if (!to) throw orderNotFound();
    return sendOrder(reply, await moveByLink(deps, await supplierLinkSecret(), request.params.token, to, commandContext(request)));
  });
};
