import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { medicalProfileOf, ALL_VESSELS } from '@medchest/domain';
import { requiredItems, stockingEvents } from '../testing/chest';
import { getDashboardStats } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_dashboard');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const id = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const today = new Date('2025-06-01T12:00:00Z');

describe('dashboard stats', () => {
  it('an empty fleet has every count at zero, in both stat shapes', async () => {
    expect(await getDashboardStats(t.db, today, ALL_VESSELS)).toEqual({
      totalVessels: 0,
      compliantVessels: 0,
      expiringCertificates: 0,
      criticalAlerts: 0,
      totalInventoryItems: 0,
      expiringItems: 0,
    });
  });

  it('counts live vessels, compliant ones, and certificates that need attention within 45 days or are expired', async () => {
    const log = createFakeLog();
    const events = [];
    for (let n = 1; n <= 6; n++) {
      events.push(log.record({ type: 'VesselCreated', data: { vesselId: id(n), details: vesselDetails({ vesselName: `Vessel ${n}`, imoNumber: `900000${n}` }) } }));
    }
    events.push(log.record({ type: 'VesselDeleted', data: { vesselId: id(6), vesselName: 'Vessel 6' } }));
    const expiries: Record<number, string> = {
      1: '2025-05-20', // expired
      2: '2025-06-16', // 15 days: Critical
      3: '2025-07-16', // 45 days: Expiring Soon
      4: '2025-07-17', // 46 days: Active
      // 5: no certificate, Not Set
    };
    for (const [n, expiryDate] of Object.entries(expiries)) {
      events.push(
        log.record({
          type: 'CertificateRecorded',
          data: { vesselId: id(Number(n)), vesselName: `Vessel ${n}`, expiryDate, certificateIssuer: 'Flag registry' },
        }),
      );
    }
    // Vessels 1 to 4 carry everything required (vessel 3's stock expires within 60 days); vessel 5
    // carries nothing.
    const profile = medicalProfileOf(vesselDetails());
    const required = requiredItems(profile).length;
    for (const n of [1, 2, 4]) events.push(...stockingEvents(id(n), profile, { expiryDate: '2027-01-01' }).map((e) => log.record(e)));
    events.push(...stockingEvents(id(3), profile, { expiryDate: '2025-07-01' }).map((e) => log.record(e)));
    await t.project(events);

    expect(await getDashboardStats(t.db, today, ALL_VESSELS)).toEqual({
      totalVessels: 5,
      compliantVessels: 3,
      expiringCertificates: 3,
      criticalAlerts: required,
      totalInventoryItems: 4 * required,
      expiringItems: required,
    });
  });
});
