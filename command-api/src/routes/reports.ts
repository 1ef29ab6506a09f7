import type { FastifyPluginAsync } from 'fastify';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { generateAuditReport } from '../commands/reports';
import { answerPosition, commandContext } from '../http/context';

/** The report calls of spec 000 §7. */
export const reportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Empty body (spec 000 §7): whatever a client sends is not read.
  app.post('/api/reports/audit', { config: { access: FLEET } }, async (request, reply) => {
    const { report, position } = await generateAuditReport(deps, commandContext(request), request.scope);
    answerPosition(reply, position);
    return reply.code(201).send(report);
  });
};
