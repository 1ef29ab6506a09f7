import { describe, expect, it } from 'vitest';
import { toCsv, type Vessel } from '@medchest/domain';
import { certificateExpiryCsvRows, certificateExpiryRows, daysLeftText } from './certificateExpiry';

const today = new Date(2026, 0, 15);
/** The fields a test does not care about, as the API answers them when absent. */
const BLANK: Omit<Vessel, 'id' | 'vesselName' | 'imoNumber' | 'flagState' | 'crewSizeCategory'> = {
  contactName: null, contactPhone: null, contactEmail: null, fleet: null, vesselType: null, ownershipCompany: null,
  ownershipContactEmail: null, onboardingDate: null, contractEndDate: null, lastMedicalReview: null,
  medicalChestCertificatePath: null, medicalChestCertificateExpiry: null, certificateIssuer: null, certificateExpiry: null,
  medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

const vessel = (id: string, expiry: string | null, extra: Partial<Vessel> = {}): Vessel => ({
  ...BLANK,
  id,
  vesselName: id,
  imoNumber: '9301005',
  flagState: 'PANAMA',
  crewSizeCategory: 20,
  medicalChestCertificateExpiry: expiry,
  fleet: 'Pacific Fleet',
  ownershipCompany: 'Meridian Maritime',
  ...extra,
});

describe('the dashboard certificate expiry table', () => {
  it('sorts by soonest expiry and puts vessels without a date last', () => {
    const rows = certificateExpiryRows(
      [vessel('B', null), vessel('C', '2026-06-01'), vessel('A', null), vessel('D', '2026-01-10'), vessel('E', '2026-01-20')],
      today,
    );
    expect(rows.map((r) => r.id)).toEqual(['D', 'E', 'C', 'A', 'B']);
  });

  it('shows the texts of the specification for missing and past values', () => {
    const [expired, missing] = certificateExpiryRows(
      [vessel('missing', null, { fleet: null, ownershipCompany: '' }), vessel('expired', '2026-01-12')],
      today,
    );
    expect(expired).toMatchObject({ expiryDate: 'Jan 12, 2026', daysLeftText: 'Expired 3 days ago', badge: 'Expired' });
    expect(missing).toMatchObject({
      expiryDate: 'Not set',
      daysLeftText: 'N/A',
      fleet: 'Not specified',
      company: 'Not specified',
      badge: 'Not Set',
    });
  });

  it('applies the domain badge thresholds (15 and 45 days)', () => {
    const rows = certificateExpiryRows(
      [vessel('critical', '2026-01-30'), vessel('soon', '2026-01-31'), vessel('active', '2026-03-02')],
      today,
    );
    expect(rows.map((r) => [r.id, r.badge, r.daysLeftText])).toEqual([
      ['critical', 'Critical', '15 days'],
      ['soon', 'Expiring Soon', '16 days'],
      ['active', 'Active', '46 days'],
    ]);
    expect(daysLeftText(1)).toBe('1 day');
  });

  it('exports the rows as CSV, quoting cells that need it', () => {
    const csv = toCsv(certificateExpiryCsvRows(certificateExpiryRows([vessel('Star, The', '2026-01-20')], today)));
    expect(csv.split('\n')).toEqual([
      'Vessel,Fleet,Company,Expiry Date,Days Left,Status',
      '"Star, The",Pacific Fleet,Meridian Maritime,"Jan 20, 2026",5 days,Critical',
    ]);
  });
});
