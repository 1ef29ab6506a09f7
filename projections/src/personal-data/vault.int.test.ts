import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listEmailMessages } from '../email-log/queries';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { getUser } from '../users/queries';
import { isSealed, personalDataOpener, sealPersonal, shredPersonalData } from './vault';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_vault');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const ANA = '7d1c2a0e-3333-4c3e-9a57-0f0d1c7c0a03';
const BO = '7d1c2a0e-4444-4c3e-9a57-0f0d1c7c0a04';

describe('personal data vault', () => {
  it('seals per person: opened with the key, the same text for the same value, never the same across people', async () => {
    const ana = await sealPersonal(t.db, ANA, { email: 'ana@fleet.example', phone: '+47 555 0101', lastName: undefined });
    const again = await sealPersonal(t.db, ANA, { email: 'ana@fleet.example' });
    const bo = await sealPersonal(t.db, BO, { email: 'ana@fleet.example' });
    expect(isSealed(ana.email)).toBe(true);
    expect(ana.email).not.toContain('ana@');
    expect(ana.lastName).toBeUndefined();
    expect(again.email).toBe(ana.email);
    expect(bo.email).not.toBe(ana.email);
    const opener = await personalDataOpener(t.db, [ana.email, ana.phone, bo.email]);
    expect(opener.open(ana.email)).toBe('ana@fleet.example');
    expect(opener.open(ana.phone)).toBe('+47 555 0101');
    // Text written before sealing is taken as it is; tampered text opens to nothing.
    expect(opener.open('plain@fleet.example')).toBe('plain@fleet.example');
    const tampered = `${ana.email!.slice(0, -3)}AAA`;
    expect((await personalDataOpener(t.db, [tampered])).open(tampered)).toBeNull();
  });

  it('a user whose key is destroyed gets no row in a replay, and their mails read "Deleted user"; plain (version 1) events still project', async () => {
    const sealed = await sealPersonal(t.db, ANA, { email: 'ana@fleet.example', firstName: 'Ana' });
    const log = createFakeLog();
    const events = [
      log.record({ type: 'UserRegistered', data: { userId: ANA, email: sealed.email!, firstName: sealed.firstName, role: 'fleet_manager', status: 'active', source: 'admin' } }),
      log.record({ type: 'UserRegistered', data: { userId: BO, email: 'bo@fleet.example', firstName: 'Bo', role: 'fleet_manager', status: 'active', source: 'admin' } }),
      log.record({
        type: 'EmailDispatched',
        data: { messageId: 'm-ana', to: sealed.email!, subject: 'Your MedChest account is approved', template: 'account-approved', status: 'sent', attempts: 1, causationEventId: 'e-1', recipientId: ANA },
      }),
    ];
    await t.project(events);
    expect(await getUser(t.db, ANA)).toMatchObject({ email: 'ana@fleet.example', firstName: 'Ana' });
    expect((await listEmailMessages(t.db)).map((m) => m.to)).toEqual(['ana@fleet.example']);

    await shredPersonalData(t.db, ANA);
    await resetReadModels(t.db);
    await t.project(events);
    expect(await getUser(t.db, ANA)).toBeUndefined();
    expect(await getUser(t.db, BO)).toMatchObject({ email: 'bo@fleet.example', firstName: 'Bo' });
    expect((await listEmailMessages(t.db)).map((m) => m.to)).toEqual(['Deleted user']);
  });
});
