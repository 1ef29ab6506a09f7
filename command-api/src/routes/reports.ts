import { DomainError, reportFileName, type GeneratedReport } from '@medchest/domain';
import { reportCsv } from '@medchest/domain';
import { reportPdf } from '@medchest/domain/report/reportPdf';
import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { generateReport } from '../commands/generateReport';
import { generateAuditReport } from '../commands/reports';
import { answerPosition, commandContext } from '../http/context';
import { idParam, type RoutePlugin } from '../http/routeSchemas';
import { getReport, listReports } from '../readModels';

export const reportNotFound = () => new DomainError('not_found', 'Report not found');
const reportParams = z.object({ id: idParam(reportNotFound) });
const downloadQuery = z.object({ format: z.enum(['csv', 'pdf'], { error: 'Format must be csv or pdf' }).default('csv') });

/**
 * The report calls of spec 000 §7 and Reports & Analytics. A report is listed and downloaded only
 * by those who may see every vessel it covers (others: 404, as for a report that does not exist).
 */
export const reportRoutes: RoutePlugin<{ deps: AppDeps }> = async (app, { deps }) => {
  // Empty body (spec 000 §7): whatever a client sends is not read.
  app.post('/api/reports/audit', { config: { access: FLEET } }, async (request, reply) => {
    const { report, position } = await generateAuditReport(deps, commandContext(request), request.scope);
    answerPosition(reply, position);
    return reply.code(201).send(report);
  });

  app.post('/api/reports/generate', { config: { access: FLEET } }, async (request, reply) => {
    const report = await generateReport(deps, commandContext(request), request.scope, request.body);
    return reply.code(201).send(report);
  });

  app.get('/api/reports', { config: { access: FLEET } }, async (request) => listReports(deps.db, request.scope));

  app.get('/api/reports/:id', { schema: { params: reportParams }, config: { access: FLEET } }, async (request) => {
    const report = await getReport(deps.db, request.scope, request.params.id);
    if (!report) throw reportNotFound();
    return report;
  });

  app.get('/api/reports/:id/download', { schema: { params: reportParams, querystring: downloadQuery }, config: { access: FLEET } }, async (request, reply) => {
    const report = (await getReport(deps.db, request.scope, request.params.id)) as GeneratedReport | undefined;
    // The audit report has its own export on the compliance page; downloads are the generated ones.
    if (!report || !('period' in report.data)) throw reportNotFound();
    const { format } = request.query;
    const fileName = reportFileName(report.name, report.data.period.to, format);
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    if (format === 'pdf') return reply.type('application/pdf').send(Buffer.from(await reportPdf(report.data, report.name)));
    return reply.type('text/csv; charset=utf-8').send(reportCsv(report.data));
  });
};
