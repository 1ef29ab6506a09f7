import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_UPLOAD_TTL_MINUTES,
  certificateRecordSchema,
  DomainError,
  isoToday,
  PDF_MAGIC,
  startsAsPdf,
  vesselNotFound,
} from '@medchest/domain';
import {
  attachUploadedFile,
  createCertificateUpload,
  FileTooLargeError,
  findCertificateUpload,
  markUploadRecorded,
  type CertificateUpload,
  type FileStore,
} from '@medchest/projections';
import { HttpError } from '../http/errors';
import { formBody } from '../http/context';
import { getVessel } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { READ_MODELS, vessels } from './streams';

/**
 * Certificate upload (issue 10, spec 000 §7): an upload URL, the PDF put to it, then the record.
 *
 *   POST /api/vessels/{id}/certificate/upload  → { uploadURL }  (this vessel, this user, 15 minutes)
 *   PUT  {uploadURL}                           ← the PDF, streamed into the file store by its hash
 *   PUT  /api/vessels/{id}/certificate         → CertificateRecorded (through the vessel's handler)
 *
 * Every refusal is a 400 (413 for size) with the specification's message, and leaves nothing
 * behind: a refused file is rolled back in the store, a refused record appends nothing.
 */

export const UPLOAD_PATH = '/api/certificate-uploads/';

/** What the screens show right after a certificate is recorded. */
const CERTIFICATE_READ_MODELS = [READ_MODELS.vessels, READ_MODELS.fleetCompliance, READ_MODELS.activity, READ_MODELS.certificates];

export interface CertificateDeps extends AppDeps {
  files: FileStore;
}

const refusedUpload = () =>
  new DomainError('validation', CERTIFICATE_MESSAGES.uploadExpired, { certificateURL: CERTIFICATE_MESSAGES.uploadExpired });
export const fileTooLarge = () => new HttpError(413, CERTIFICATE_MESSAGES.tooLarge, { file: CERTIFICATE_MESSAGES.tooLarge });
const invalidType = () => new DomainError('validation', CERTIFICATE_MESSAGES.invalidType, { file: CERTIFICATE_MESSAGES.invalidType });

/** Hand out an upload URL for this vessel and this user. */
export async function startCertificateUpload(deps: CertificateDeps, vesselId: string, context: CommandContext) {
  if (!context.userId) throw new HttpError(401, 'Unauthorized');
  if (!(await getVessel(deps.db, vesselId))) throw vesselNotFound();
  const { token, expiresAt } = await createCertificateUpload(deps.db, {
    vesselId,
    userId: context.userId,
    now: context.now,
    ttlMinutes: CERTIFICATE_UPLOAD_TTL_MINUTES,
  });
  return { uploadURL: `${UPLOAD_PATH}${token}`, expiresAt: expiresAt.toISOString() };
}

/** The upload an URL names, if it may still be used by this user (and for this vessel, when given). */
function usable(upload: CertificateUpload | undefined, userId: string | null, now: Date, vesselId?: string): upload is CertificateUpload {
  if (!upload || upload.userId !== userId || upload.recordedAt !== null) return false;
  if (upload.expiresAt.getTime() <= now.getTime()) return false;
  return vesselId === undefined || upload.vesselId === vesselId;
}

/** The file name a browser sends (X-File-Name, URI-encoded): kept short and printable. */
export function uploadedFileName(header: string | string[] | undefined): string {
  let name = typeof header === 'string' ? header : '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // not encoded: taken as it came
  }
  // Control characters are what this strips, on purpose.
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').trim().slice(0, 200);
  return name || 'certificate.pdf';
}

/** Store the PDF put to an upload URL. The URL's vessel scope was checked by the route. */
export async function receiveCertificateFile(
  deps: CertificateDeps,
  token: string,
  request: { contentType: string | undefined; contentLength: string | undefined; fileName: string; body: AsyncIterable<Uint8Array> },
  context: CommandContext,
) {
  const upload = await findCertificateUpload(deps.db, token);
  if (!usable(upload, context.userId, context.now) || upload.fileSha256 !== null) throw refusedUpload();
  if (request.contentType?.split(';')[0]?.trim().toLowerCase() !== 'application/pdf') throw invalidType();
  const declared = request.contentLength === undefined ? undefined : Number(request.contentLength);
  // Refused before a byte is read when the size is declared; counted while streaming otherwise.
  if (declared !== undefined && declared >= CERTIFICATE_MAX_BYTES) throw fileTooLarge();
  if (declared === 0) throw invalidType();
  let stored;
  try {
    stored = await deps.files.put(request.body, {
      maxBytes: CERTIFICATE_MAX_BYTES,
      headBytes: PDF_MAGIC.length,
      now: context.now,
      inspect: (head) => {
        if (!startsAsPdf(head)) throw invalidType();
      },
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fileTooLarge();
    throw error;
  }
  // Two PUTs racing on one URL: the first attaches its file, the second is refused.
  if (!(await attachUploadedFile(deps.db, upload.id, { ...stored, fileName: request.fileName, now: context.now }))) throw refusedUpload();
  return { fileName: request.fileName, sizeBytes: stored.sizeBytes, sha256: stored.sha256 };
}

/** The token of an upload URL (absolute or relative), or undefined when it is no upload URL. */
function tokenOf(certificateURL: string): string | undefined {
  let path = certificateURL;
  try {
    path = new URL(certificateURL, 'http://upload.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(UPLOAD_PATH)) return undefined;
  const token = path.slice(UPLOAD_PATH.length);
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

/** Record the uploaded file as the vessel's certificate: CertificateRecorded. */
export async function recordUploadedCertificate(deps: CertificateDeps, vesselId: string, body: unknown, context: CommandContext) {
  const parsed = certificateRecordSchema(isoToday(context.now)).parse(formBody(body));
  const token = tokenOf(parsed.certificateURL);
  const upload = token ? await findCertificateUpload(deps.db, token) : undefined;
  if (!usable(upload, context.userId, context.now, vesselId)) throw refusedUpload();
  if (upload.fileSha256 === null || upload.fileName === null || upload.sizeBytes === null) {
    throw new DomainError('validation', CERTIFICATE_MESSAGES.missing, { file: CERTIFICATE_MESSAGES.missing });
  }
  // Kept before the event is appended: a crash in between keeps a file for nothing, never the
  // other way round (a certificate whose file the cleanup removed).
  await deps.files.keep(upload.fileSha256);
  const result = await vessels.handle(
    deps,
    vesselId,
    {
      type: 'RecordCertificate',
      vesselId,
      expiryDate: parsed.expiryDate,
      certificateIssuer: parsed.certificateIssuer,
      ...(parsed.issueDate ? { issueDate: parsed.issueDate } : {}),
      file: { sha256: upload.fileSha256, fileName: upload.fileName, sizeBytes: upload.sizeBytes, uploadId: upload.id },
    },
    context,
    { readModels: CERTIFICATE_READ_MODELS },
  );
  await markUploadRecorded(deps.db, upload.id, context.now);
  return { vessel: await getVessel(deps.db, vesselId), position: result.position };
}
