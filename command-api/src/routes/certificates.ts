import { CERTIFICATE_MESSAGES, certificateFileName, DomainError, vesselNotFound } from '@medchest/domain';
import { findCertificateUpload, getVesselCertificate, listFleetCertificates, listVesselCertificates, type FileStore } from '@medchest/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FLEET, VESSEL_CHEST } from '../auth/access';
import { receiveCertificateFile, recordUploadedCertificate, startCertificateUpload, uploadedFileName, UPLOAD_PATH } from '../commands/certificates';
import type { AppDeps } from '../commands/context';
import { answerPosition, commandContext } from '../http/context';
import { idParam, vesselParams, type RoutePlugin } from '../http/routeSchemas';
import { getVessel } from '../readModels';

const notAvailable = () => new DomainError('not_found', CERTIFICATE_MESSAGES.notAvailable);
const certificateParams = z.object({ id: idParam(vesselNotFound), certificateId: idParam(notAvailable) });

/**
 * The certificate calls of spec 000 §7 (upload URL, upload, record, download), a vessel's
 * certificate history, and the fleet's certificates for the /certificates page. Upload and record
 * are the fleet roles' (a captain downloads, never uploads: spec 001 §1); downloads and the history
 * are also a captain's on their own vessel. Outside the caller's scope every call answers 404.
 */
export const certificateRoutes: RoutePlugin<{ deps: AppDeps; files: FileStore }> = async (app, { deps, files }) => {
  const certificateDeps = { ...deps, files };

  // The PDF arrives as a stream and is handed on as one (never buffered): the route reads request.raw.
  app.addContentTypeParser('application/pdf', (_request, _payload, done) => done(null, undefined));

  app.get('/api/certificates', { config: { access: FLEET } }, async (request) => listFleetCertificates(deps.db, request.scope));

  app.post('/api/vessels/:id/certificate/upload', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request) =>
    startCertificateUpload(certificateDeps, request.params.id, commandContext(request)),
  );

  app.put<{ Params: { token: string } }>(
    `${UPLOAD_PATH}:token`,
    {
      config: {
        access: FLEET,
        bodyTypes: ['application/pdf'],
        // The vessel the URL was handed out for: outside the caller's scope it is a 404.
        ownerVessel: async (request: FastifyRequest) => (await findCertificateUpload(deps.db, (request.params as { token: string }).token))?.vesselId,
      },
    },
    async (request, reply) =>
      receiveCertificateFile(
        certificateDeps,
        request.params.token,
        {
          contentType: request.headers['content-type'],
          contentLength: request.headers['content-length'],
          fileName: uploadedFileName(request.headers['x-file-name']),
          body: request.raw,
        },
        commandContext(request),
      ).catch((error: unknown) => {
        // Refused before the whole body was read: close the connection after the answer rather
        // than reading (or leaving pending) the rest of a file that will not be kept.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }),
  );

  app.put('/api/vessels/:id/certificate', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request, reply) => {
    const { vessel, position } = await recordUploadedCertificate(certificateDeps, request.params.id, request.body, commandContext(request));
    answerPosition(reply, position);
    return vessel;
  });

  app.get('/api/vessels/:id/certificates', { schema: { params: vesselParams }, config: { access: VESSEL_CHEST } }, async (request) => {
    const vessel = await getVessel(deps.db, request.params.id);
    if (!vessel) throw vesselNotFound();
    const certificates = await listVesselCertificates(deps.db, vessel.id);
    return certificates.map((c) => ({
      ...c,
      downloadURL: c.hasFile ? `/api/vessels/${vessel.id}/certificates/${c.id}/download` : null,
    }));
  });

  app.get('/api/vessels/:id/certificate/download', { schema: { params: vesselParams }, config: { access: VESSEL_CHEST } }, async (request, reply) => {
    const vessel = await getVessel(deps.db, request.params.id);
    if (!vessel) throw vesselNotFound();
    const [current] = await listVesselCertificates(deps.db, vessel.id);
    return sendCertificate(reply, files, current?.sha256 ?? null, vessel.vesselName, current?.expiryDate);
  });

  app.get(
    '/api/vessels/:id/certificates/:certificateId/download',
    { schema: { params: certificateParams }, config: { access: VESSEL_CHEST } },
    async (request, reply) => {
      const vessel = await getVessel(deps.db, request.params.id);
      if (!vessel) throw vesselNotFound();
      const certificate = await getVesselCertificate(deps.db, vessel.id, request.params.certificateId);
      return sendCertificate(reply, files, certificate?.sha256 ?? null, vessel.vesselName, certificate?.expiryDate);
    },
  );
};

/** The PDF as an attachment named after the vessel, streamed from the store. */
async function sendCertificate(reply: FastifyReply, files: FileStore, sha256: string | null, vesselName: string, expiryDate?: string) {
  const file = sha256 ? await files.open(sha256) : undefined;
  if (!file) throw notAvailable();
  const name = certificateFileName(vesselName, expiryDate);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
