import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 16, point 6: every route that takes a body, as the route table lists it (a new route is
 * covered without touching this file), gets the bad values an attacker or a careless client
 * sends, in every field name the product uses: never a 5xx, and the characters and numbers the
 * domain refuses are answered 400 naming the field, with nothing appended.
 */

let t: TestApp;
let admin: string;
/** The vessel's captain: the captain portal's own commands refuse every fleet role (403) before reading a body. */
let captain: string;
let vesselId: string;
let batchId: string;

beforeAll(async () => {
  t = await startTestApp('api_bad_input');
  ({ admin } = await t.sessionsForEveryRole());
  ({ vesselId, batchId } = await t.createVesselWithBatch(admin));
  captain = await t.captainOf(vesselId);
});

afterAll(async () => {
  await t?.close();
});

/** Every field name the product's forms and commands use (a body sets them all at once). */
const FIELDS = [
  'email', 'password', 'firstName', 'lastName', 'phone', 'company', 'preferredFleet', 'preferredVessel',
  'vesselName', 'imoNumber', 'flagState', 'vesselType', 'crewSizeCategory', 'fleet', 'companyName', 'captainName',
  'contactEmail', 'contactPhone', 'onboardingDate', 'contractEndDate', 'certificateExpiryDate', 'certificateIssuer',
  'medicalCategory', 'dangerousGoods', 'womenOnBoard', 'scaleId', 'productName', 'quantityOnBoard', 'quantity',
  'quantityUsed', 'batchNumber', 'expiryDate', 'conditionNotes', 'reason', 'note', 'notes', 'version', 'usageDate',
  'crewMemberName', 'fileName', 'csv', 'name', 'source', 'effectiveDate', 'asOf', 'items', 'batchId',
];

/** The bad values, each with what it must be answered (400 when the domain refuses it outright). */
const BAD_VALUES: [name: string, value: unknown, mustRefuse: boolean][] = [
  ['NUL', 'abc\u0000def', true],
  ['a control character', 'abc\u0007def', true],
  ['an escape sequence', '\u001b[31mred', true],
  ['"0x10"', '0x10', false],
  ['1e309', '__INFINITY__', true],
  ['year 0001', '0001-01-01', true],
  ['a 3,000-character name', 'N'.repeat(3000), false],
];

function body(value: unknown): string {
  const fields = Object.fromEntries(FIELDS.map((field) => [field, value]));
  // A row of a bulk import and of a usage carry the same values.
  const json = JSON.stringify({ ...fields, items: [{ ...fields }] });
  // JSON.stringify cannot write 1e309; the client sends the text, which JSON.parse reads as Infinity.
  return json.replaceAll('"__INFINITY__"', '1e309');
}

const fill = (url: string) =>
  url
    .replace(':batchId', batchId)
    .replace(/:(id|vesselId)\b/, vesselId)
    .replace(/:[A-Za-z]+/g, '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11');

describe('bad values to every route with a body', () => {
  it('the route table lists the routes (so a new one is covered here)', () => {
    const withBody = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    expect(withBody.map((r) => r.url)).toContain('/api/vessels');
  });

  it.each(BAD_VALUES)('%s: 0 × 5xx; refused with 400 naming the field where the domain refuses it, nothing appended', async (_name, value, mustRefuse) => {
    const routes = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    const failures: string[] = [];
    for (const route of routes) {
      // Each route with a fresh admin session: logout and the like must not end the next call's.
      const cookie = route.url.includes('logout')
        ? await t.login('admin@fleet.example', 'admin-pass')
        : route.url.startsWith('/api/captain/')
          ? captain
          : admin;
      const before = (await t.allEvents()).length;
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: fill(route.url),
        headers: { cookie, 'content-type': 'application/json' },
        payload: body(value),
        remoteAddress: `192.0.2.${1 + routes.indexOf(route)}`,
      });
      const where = `${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode >= 500) failures.push(where);
      if (mustRefuse) {
        if (response.statusCode !== 400) failures.push(`${where} (expected 400)`);
        else if (!/must/.test(response.json().message) || Object.keys(response.json().fieldErrors ?? {}).length === 0) failures.push(`${where} (no field named)`);
        if ((await t.allEvents()).length !== before) failures.push(`${where} (appended events)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps tab and newline in notes, and refuses them in a name', async () => {
    const notes = await t.send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, admin, {
      quantityOnBoard: 19,
      reason: 'usage',
      note: 'line one\n\tline two',
    });
    expect(notes.statusCode).toBe(200);
    const name = await t.send('POST', '/api/vessels', admin, { vesselName: 'Tab\tName', imoNumber: 'TABNAME01', flagState: 'PANAMA', crewSizeCategory: 5 });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({
      message: 'vesselName must not contain control characters',
      fieldErrors: { vesselName: 'vesselName must not contain control characters' },
    });
  });

  it('reads a quantity only from a JSON number or a plain decimal: "0x10" and "1e3" are refused, "16" is 16', async () => {
    for (const quantityOnBoard of ['0x10', '1e3', 'Infinity']) {
      const response = await t.send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, admin, { quantityOnBoard });
      expect(response.statusCode, quantityOnBoard).toBe(400);
    }
    const plain = await t.send('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, admin, { quantityOnBoard: ' 16 ' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().quantityOnBoard).toBe(16);
  });

  it('refuses dates outside 2000-01-01..2100-12-31 and accepts both ends', async () => {
    const vessel = (date: string, n: number) => ({ vesselName: `Dated ${n}`, imoNumber: `DATED${n}00`, flagState: 'PANAMA', crewSizeCategory: 5, onboardingDate: date });
    expect((await t.send('POST', '/api/vessels', admin, vessel('1999-12-31', 1))).statusCode).toBe(400);
    expect((await t.send('POST', '/api/vessels', admin, vessel('2101-01-01', 2))).json().fieldErrors).toEqual({
      onboardingDate: 'onboardingDate must be a date between 2000-01-01 and 2100-12-31',
    });
    expect((await t.send('POST', '/api/vessels', admin, vessel('2000-01-01', 3))).statusCode).toBe(201);
    expect((await t.send('POST', '/api/vessels', admin, vessel('2100-12-31', 4))).statusCode).toBe(201);
  });
});
