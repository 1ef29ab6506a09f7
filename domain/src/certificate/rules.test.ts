import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  certificateFileName,
  certificateRecordSchema,
  certificateStatus,
  startsAsPdf,
} from './rules';
import { daysBetweenIsoDays } from '../shared/dates';

const today = new Date('2026-03-10T12:00:00Z');

describe('certificate status', () => {
  it('follows spec 000 §4 with the 60-day threshold of the certificates page', () => {
    expect(certificateStatus({ hasFile: false, expiryDate: '2027-01-01' }, today)).toBe('not_issued');
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-03-09' }, today)).toBe('expired');
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-03-10' }, today)).toBe('expiring');
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-05-09' }, today)).toBe('expiring');
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-05-10' }, today)).toBe('valid');
    expect(certificateStatus({ hasFile: true, expiryDate: null }, today)).toBe('valid');
  });

  it('uses 30 days on the detail view', () => {
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-04-09' }, today, 30)).toBe('expiring');
    expect(certificateStatus({ hasFile: true, expiryDate: '2026-04-10' }, today, 30)).toBe('valid');
  });
});

describe('the file', () => {
  it('is a PDF by its first bytes only', () => {
    expect(startsAsPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(startsAsPdf(Buffer.from('MZ\x90\x00%PDF-'))).toBe(false);
    expect(startsAsPdf(Buffer.from('%PDF'))).toBe(false);
    expect(startsAsPdf(Buffer.alloc(0))).toBe(false);
  });

  it('downloads under a name built from the vessel name', () => {
    expect(certificateFileName('Nordic Aurora', '2027-01-31')).toBe('Nordic-Aurora-medical-chest-certificate-2027-01-31.pdf');
    expect(certificateFileName('Ærø / "Ship"')).toBe('r-Ship-medical-chest-certificate.pdf');
  });
});

describe('the record body', () => {
  const schema = certificateRecordSchema('2026-03-10');
  const message = (body: object) => schema.safeParse(body).error?.issues[0]?.message;

  it('takes today as the earliest expiry date', () => {
    expect(message({ certificateURL: '/u', expiryDate: '2026-03-10', certificateIssuer: 'PMA' })).toBeUndefined();
    expect(message({ certificateURL: '/u', expiryDate: '2026-03-09', certificateIssuer: 'PMA' })).toBe(CERTIFICATE_MESSAGES.pastExpiry);
  });

  it('says Missing Information for a missing field', () => {
    expect(message({ certificateURL: '/u', certificateIssuer: 'PMA' })).toBe(CERTIFICATE_MESSAGES.missing);
    expect(message({ certificateURL: '/u', expiryDate: '2026-04-01', certificateIssuer: ' ' })).toBe(CERTIFICATE_MESSAGES.missing);
    expect(message({ expiryDate: '2026-04-01', certificateIssuer: 'PMA' })).toBe(CERTIFICATE_MESSAGES.missing);
  });

  it('counts whole UTC days', () => {
    expect(daysBetweenIsoDays('2026-03-10', '2026-04-09')).toBe(30);
    expect(daysBetweenIsoDays('2026-03-10', '2026-03-09')).toBe(-1);
  });
});
