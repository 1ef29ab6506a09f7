import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES, isoToday } from '@medchest/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/** The app's clock, moved by the tests that need an upload URL to expire. */
let clock = new Date();
let t: TestApp;
let manager: string;
let admin: string;
let captain: string;
let outsider: string;
let vesselId: string;
let otherVesselId: string;

const today = isoToday();
const addDays = (days: number) => isoToday(new Date(Date.now() + days * 86_400_000));

/** A small real-looking PDF, different for each `label`. */
const pdf = (label: string, padTo = 0) => {
  const body = `%PDF-1.4\n% MedChest test certificate ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.concat([Buffer.from(body), Buffer.alloc(Math.max(0, padTo - body.length), 0x20)]);
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  t = await startTestApp('api_certificates', { now: () => clock });
  ({ manager, admin, captain } = await t.sessionsForEveryRole());
  await t.createUser('outsider@fleet.example', 'outsider-pass', 'fleet_manager');
  outsider = await t.login('outsider@fleet.example', 'outsider-pass');
  vesselId = await t.createVessel(manager, { vesselName: 'Nordic Aurora' });
  otherVesselId = await t.createVessel(manager, { vesselName: 'Baltic Star' });
});

afterAll(async () => {
  await t?.close();
});

const uploadUrl = async (vessel = vesselId, cookie = manager) => {
  const response = await t.send('POST', `/api/vessels/${vessel}/certificate/upload`, cookie);
  expect(response.statusCode).toBe(200);
  const { uploadURL } = response.json() as { uploadURL: string };
  expect(uploadURL).toMatch(/^\/api\/certificate-uploads\/[A-Za-z0-9_-]+$/);
  return uploadURL;
};

const putFile = (url: string, bytes: Buffer | Readable, options: { cookie?: string; type?: string; name?: string } = {}) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: {
      cookie: options.cookie ?? manager,
      'content-type': options.type ?? 'application/pdf',
      'x-file-name': encodeURIComponent(options.name ?? 'Nordic Aurora certificate.pdf'),
    },
    payload: bytes,
  });

const record = (body: Record<string, unknown>, vessel = vesselId, cookie = manager) => t.send('PUT', `/api/vessels/${vessel}/certificate`, cookie, body);

const counts = async () => {
  const blobs = await sql<{ n: string }>`SELECT count(*) AS n FROM file_blobs`.execute(t.db);
  const events = (await t.allEvents()).filter((e) => e.type === 'CertificateRecorded').length;
  return { blobs: Number(blobs.rows[0]!.n), events };
};

/** The answer is a 400 (or `status`) with this message, and the store and the log are as before. */
async function expectRefused(act: () => Promise<{ statusCode: number; json(): unknown }>, message: string, status = 400) {
  const before = await counts();
  const response = await act();
  expect(response.statusCode).toBe(status);
  expect((response.json() as { message: string }).message).toBe(message);
  expect(await counts()).toEqual(before);
}

describe('certificate upload, record and download over HTTP', () => {
  it('gives back the very bytes that were uploaded, as an attachment named after the vessel', async () => {
    const bytes = pdf('first', 700_000);
    const url = await uploadUrl();
    const put = await putFile(url, bytes);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ sha256: sha256(bytes), sizeBytes: bytes.length, fileName: 'Nordic Aurora certificate.pdf' });

    const expiryDate = addDays(200);
    const recorded = await record({ certificateURL: url, expiryDate, certificateIssuer: ' Panama Maritime Authority ', issueDate: today });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ id: vesselId, medicalChestCertificateExpiry: expiryDate, certificateIssuer: 'Panama Maritime Authority' });

    const event = (await t.allEvents()).find((e) => e.type === 'CertificateRecorded');
    expect(event?.data).toMatchObject({
      vesselId,
      expiryDate,
      issueDate: today,
      certificateIssuer: 'Panama Maritime Authority',
      file: { sha256: sha256(bytes), fileName: 'Nordic Aurora certificate.pdf', sizeBytes: bytes.length },
    });
    expect(event?.metadata.userId).toBeTruthy();
    expect(JSON.stringify(event?.data)).not.toContain('MedChest test certificate');

    const download = await t.send('GET', `/api/vessels/${vesselId}/certificate/download`, manager);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Nordic-Aurora-medical-chest-certificate-${expiryDate}.pdf"`);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));

    // The captain of the vessel downloads it too.
    const captainCookie = await t.captainOf(vesselId);
    expect(sha256((await t.send('GET', `/api/vessels/${vesselId}/certificate/download`, captainCookie)).rawPayload)).toBe(sha256(bytes));

    const activity = await t.send('GET', '/api/dashboard/all-activities', manager);
    expect(activity.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: 'certificate_updated', metadata: { certificateIssuer: 'Panama Maritime Authority', expiryDate } }),
      ]),
    );
  });

  it('keeps every earlier certificate on a renewal, newest first, each downloadable', async () => {
    const renewal = pdf('renewal');
    const url = await uploadUrl();
    expect((await putFile(url, renewal, { name: 'renewal.pdf' })).statusCode).toBe(200);
    expect((await record({ certificateURL: url, expiryDate: addDays(400), certificateIssuer: 'Liberian Registry' })).statusCode).toBe(200);

    const history = await t.send('GET', `/api/vessels/${vesselId}/certificates`, manager);
    expect(history.statusCode).toBe(200);
    const list = history.json() as { fileName: string; downloadURL: string; certificateIssuer: string }[];
    expect(list.map((c) => c.fileName)).toEqual(['renewal.pdf', 'Nordic Aurora certificate.pdf']);
    const older = await t.send('GET', list[1]!.downloadURL, manager);
    expect(sha256(older.rawPayload)).toBe(sha256(pdf('first', 700_000)));
    const current = await t.send('GET', `/api/vessels/${vesselId}/certificate/download`, manager);
    expect(sha256(current.rawPayload)).toBe(sha256(renewal));

    const fleet = await t.send('GET', '/api/certificates', manager);
    expect(fleet.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vesselId, certificate: expect.objectContaining({ fileName: 'renewal.pdf', certificateIssuer: 'Liberian Registry' }) }),
        expect.objectContaining({ vesselId: otherVesselId, certificate: null }),
      ]),
    );
  });

  it('stores the same PDF once, whoever uploads it', async () => {
    const bytes = pdf('shared');
    const before = (await counts()).blobs;
    expect((await putFile(await uploadUrl(vesselId), bytes)).statusCode).toBe(200);
    expect((await putFile(await uploadUrl(otherVesselId), bytes)).statusCode).toBe(200);
    expect((await counts()).blobs).toBe(before + 1);
  });

  it('answers Certificate Not Available for a vessel without one', async () => {
    const response = await t.send('GET', `/api/vessels/${otherVesselId}/certificate/download`, manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: CERTIFICATE_MESSAGES.notAvailable });
  });
});

describe('refused uploads store nothing', () => {
  it('refuses a file that is not a PDF by its bytes, whatever its name and type say', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000, 1)]);
    const url = await uploadUrl();
    await expectRefused(() => putFile(url, exe, { name: 'certificate.pdf' }), CERTIFICATE_MESSAGES.invalidType);
    // The URL is still good for a real PDF afterwards.
    expect((await putFile(url, pdf('after exe'))).statusCode).toBe(200);
  });

  it('refuses a body sent as another type', async () => {
    const url = await uploadUrl();
    await expectRefused(() => putFile(url, pdf('typed'), { type: 'application/octet-stream' }), 'The request body must be application/json or application/pdf.', 415);
    await expectRefused(() => t.app.inject({ method: 'PUT', url, headers: { cookie: manager }, payload: { file: 'x' } }), CERTIFICATE_MESSAGES.invalidType);
  });

  it('refuses an empty file', async () => {
    await expectRefused(async () => putFile(await uploadUrl(), Buffer.alloc(0)), CERTIFICATE_MESSAGES.invalidType);
  });

  it('refuses 10 MB or more with 413, declared or streamed', async () => {
    const big = Buffer.concat([pdf('big'), Buffer.alloc(CERTIFICATE_MAX_BYTES, 0x20)]).subarray(0, CERTIFICATE_MAX_BYTES);
    await expectRefused(async () => putFile(await uploadUrl(), big), CERTIFICATE_MESSAGES.tooLarge, 413);
    // Without a declared length (chunked, over a real socket), the count while streaming refuses it just the same.
    const url = await uploadUrl();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expectRefused(async () => {
      const chunks = (function* () {
        for (let i = 0; i < 41; i++) yield i === 0 ? pdf('stream', 256 * 1024) : Buffer.alloc(256 * 1024, 0x20);
      })();
      const response = await fetch(`${address}${url}`, {
        method: 'PUT',
        headers: { cookie: manager, 'content-type': 'application/pdf' },
        body: Readable.toWeb(Readable.from(chunks)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const body = await response.json();
      return { statusCode: response.status, json: () => body };
    }, CERTIFICATE_MESSAGES.tooLarge, 413);
  });

  it('refuses a second file on the same URL, another user, an expired URL', async () => {
    const url = await uploadUrl();
    expect((await putFile(url, pdf('once'))).statusCode).toBe(200);
    await expectRefused(() => putFile(url, pdf('twice')), CERTIFICATE_MESSAGES.uploadExpired);
    await expectRefused(async () => putFile(await uploadUrl(), pdf('admin'), { cookie: admin }), CERTIFICATE_MESSAGES.uploadExpired);
    const late = await uploadUrl();
    clock = new Date(Date.now() + 16 * 60_000);
    try {
      await expectRefused(() => putFile(late, pdf('late')), CERTIFICATE_MESSAGES.uploadExpired);
    } finally {
      clock = new Date();
    }
  });

  it('answers 404 outside the caller\'s scope, for the URL and the file', async () => {
    const url = await uploadUrl();
    const response = await t.send('POST', `/api/vessels/${vesselId}/certificate/upload`, outsider);
    expect(response.statusCode).toBe(404);
    await expectRefused(() => putFile(url, pdf('outsider'), { cookie: outsider }), 'Vessel not found', 404);
    expect((await t.send('GET', `/api/vessels/${vesselId}/certificate/download`, outsider)).statusCode).toBe(404);
    expect((await t.send('GET', `/api/vessels/${vesselId}/certificates`, outsider)).statusCode).toBe(404);
    // A captain downloads, never uploads.
    expect((await t.send('POST', `/api/vessels/${vesselId}/certificate/upload`, captain)).statusCode).toBe(403);
  });
});

describe('refused records append nothing', () => {
  const uploaded = async (vessel = vesselId) => {
    const url = await uploadUrl(vessel);
    expect((await putFile(url, pdf(`record ${Math.random()}`))).statusCode).toBe(200);
    return url;
  };

  it('refuses a missing expiry date, issuer or file', async () => {
    const url = await uploaded();
    await expectRefused(() => record({ certificateURL: url, certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.missing);
    await expectRefused(() => record({ certificateURL: url, expiryDate: addDays(30), certificateIssuer: '   ' }), CERTIFICATE_MESSAGES.missing);
    await expectRefused(() => record({ expiryDate: addDays(30), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.missing);
    const empty = await uploadUrl();
    await expectRefused(() => record({ certificateURL: empty, expiryDate: addDays(30), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.missing);
  });

  it('refuses an expiry date before today, and takes today', async () => {
    const url = await uploaded();
    await expectRefused(() => record({ certificateURL: url, expiryDate: addDays(-1), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.pastExpiry);
    expect((await record({ certificateURL: url, expiryDate: today, certificateIssuer: 'PMA' })).statusCode).toBe(200);
  });

  it('refuses a used URL, another vessel\'s URL, an expired URL', async () => {
    const url = await uploaded();
    expect((await record({ certificateURL: url, expiryDate: addDays(90), certificateIssuer: 'PMA' })).statusCode).toBe(200);
    await expectRefused(() => record({ certificateURL: url, expiryDate: addDays(91), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.uploadExpired);

    const other = await uploaded(otherVesselId);
    await expectRefused(() => record({ certificateURL: other, expiryDate: addDays(90), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.uploadExpired);

    const late = await uploaded();
    clock = new Date(Date.now() + 16 * 60_000);
    try {
      await expectRefused(() => record({ certificateURL: late, expiryDate: addDays(90), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.uploadExpired);
    } finally {
      clock = new Date();
    }
    await expectRefused(() => record({ certificateURL: 'https://elsewhere.example/x.pdf', expiryDate: addDays(90), certificateIssuer: 'PMA' }), CERTIFICATE_MESSAGES.uploadExpired);
  });
});
