import { describe, expect, it } from 'vitest';
import { parseEvent } from '../registry';
import { deciderSpec } from '../shared/testing/decider';
import { vesselDecider, type VesselCommand } from './decide';
import type { VesselEvent } from './events';
import type { VesselDetails } from './schema';
import { evolveVessel, initialVesselState } from './state';

const vesselId = '0b6f1c52-2f3e-4f65-9a55-6d1b3c0f7e11';
const details: VesselDetails = {
  vesselName: 'Nordic Aurora',
  imoNumber: '9074729',
  flagState: 'PANAMA',
  crewSizeCategory: 24,
  fleet: 'North Atlantic',
  medicalCategory: 'A',
  womenOnBoard: false,
  carriesDangerousGoods: false,
};

const given = deciderSpec(vesselDecider);

const created: VesselEvent = { type: 'VesselCreated', data: { vesselId, details } };
const deleted: VesselEvent = { type: 'VesselDeleted', data: { vesselId, vesselName: 'Nordic Aurora' } };

describe('vessel decider', () => {
  it('creates a vessel that does not exist yet', () => {
    given([]).when({ type: 'CreateVessel', vesselId, details }).then([created]);
  });

  it('refuses to create a vessel twice', () => {
    given([created]).when({ type: 'CreateVessel', vesselId, details }).thenThrows('conflict', 'Vessel already exists');
  });

  it('refuses to reuse the id of a deleted vessel', () => {
    given([created, deleted]).when({ type: 'CreateVessel', vesselId, details }).thenThrows('conflict', 'Vessel already exists');
  });

  it('records the full new details on an edit', () => {
    const edited = { ...details, crewSizeCategory: 30, fleet: undefined };
    given([created])
      .when({ type: 'UpdateVessel', vesselId, details: edited })
      .then([{ type: 'VesselUpdated', data: { vesselId, details: edited } }]);
  });

  it('records nothing when the form is saved unchanged (key order and absent fields do not count)', () => {
    const same = {
      carriesDangerousGoods: false,
      fleet: 'North Atlantic',
      crewSizeCategory: 24,
      womenOnBoard: false,
      flagState: 'PANAMA',
      imoNumber: '9074729',
      medicalCategory: 'A',
      vesselName: 'Nordic Aurora',
      contactName: undefined,
    } as VesselDetails;
    given([created]).when({ type: 'UpdateVessel', vesselId, details: same }).then([]);
  });

  it('compares against the latest edit, not the creation', () => {
    const edited = { ...details, crewSizeCategory: 30 };
    const updated: VesselEvent = { type: 'VesselUpdated', data: { vesselId, details: edited } };
    given([created, updated]).when({ type: 'UpdateVessel', vesselId, details: edited }).then([]);
    given([created, updated])
      .when({ type: 'UpdateVessel', vesselId, details })
      .then([{ type: 'VesselUpdated', data: { vesselId, details } }]);
  });

  it.each([
    ['a vessel that never existed', [] as VesselEvent[]],
    ['a deleted vessel', [created, deleted]],
  ])('refuses to edit %s', (_name, history) => {
    given(history).when({ type: 'UpdateVessel', vesselId, details }).thenThrows('not_found', 'Vessel not found');
  });

  it('deletes a vessel, keeping its name for the history', () => {
    given([created]).when({ type: 'DeleteVessel', vesselId }).then([deleted]);
  });

  it('deletes under the name of the latest edit', () => {
    const renamed = { ...details, vesselName: 'Nordic Borealis' };
    given([created, { type: 'VesselUpdated', data: { vesselId, details: renamed } }])
      .when({ type: 'DeleteVessel', vesselId })
      .then([{ type: 'VesselDeleted', data: { vesselId, vesselName: 'Nordic Borealis' } }]);
  });

  it.each([
    ['a vessel that never existed', [] as VesselEvent[]],
    ['a vessel already deleted', [created, deleted]],
  ])('refuses to delete %s', (_name, history) => {
    given(history).when({ type: 'DeleteVessel', vesselId }).thenThrows('not_found', 'Vessel not found');
  });
});

describe('editing the medical profile (issue 3)', () => {
  it.each<[string, Partial<VesselDetails>]>([
    ['the medical category', { medicalCategory: 'C' }],
    ['women on board', { womenOnBoard: true }],
    ['dangerous goods', { carriesDangerousGoods: true }],
  ])('records an edit of %s alone', (_name, change) => {
    const edited = { ...details, ...change };
    given([created])
      .when({ type: 'UpdateVessel', vesselId, details: edited })
      .then([{ type: 'VesselUpdated', data: { vesselId, details: edited } }]);
  });

  /** A vessel as recorded before the medical profile existed, read back as the store does. */
  const recordedBeforeTheProfile = parseEvent('VesselCreated', 1, {
    vesselId,
    details: { vesselName: 'Nordic Aurora', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 24, fleet: 'North Atlantic' },
  }) as VesselEvent;

  it('records nothing when a vessel recorded before the profile existed is saved with the defaults', () => {
    given([recordedBeforeTheProfile]).when({ type: 'UpdateVessel', vesselId, details }).then([]);
  });

  it('records an edit that moves such a vessel off the defaults', () => {
    const coastal = { ...details, medicalCategory: 'B' as const, womenOnBoard: true };
    given([recordedBeforeTheProfile])
      .when({ type: 'UpdateVessel', vesselId, details: coastal })
      .then([{ type: 'VesselUpdated', data: { vesselId, details: coastal } }]);
  });
});

describe('recording a medical chest certificate', () => {
  const created: VesselEvent = { type: 'VesselCreated', data: { vesselId, details } };
  const record = (expiryDate: string, certificateIssuer: string): VesselCommand => ({
    type: 'RecordCertificate',
    vesselId,
    expiryDate,
    certificateIssuer,
  });

  it('records the expiry date and issuer with the vessel name', () => {
    given([created])
      .when(record('2027-03-01', ' Panama Maritime Authority '))
      .then([
        {
          type: 'CertificateRecorded',
          data: { vesselId, vesselName: 'Nordic Aurora', expiryDate: '2027-03-01', certificateIssuer: 'Panama Maritime Authority' },
        },
      ]);
  });

  it('refuses a missing issuer or an impossible date with the upload form message', () => {
    const message = 'Missing Information: Please select a file, set an expiry date, and specify the certificate issuer';
    given([created]).when(record('2027-02-30', 'Issuer')).thenThrows('validation', message);
    given([created]).when(record('2027-03-01', '  ')).thenThrows('validation', message);
  });

  it('refuses a certificate for a vessel that does not exist or was deleted', () => {
    given([]).when(record('2027-03-01', 'Issuer')).thenThrows('not_found', 'Vessel not found');
    given([created, { type: 'VesselDeleted', data: { vesselId, vesselName: 'Nordic Aurora' } }])
      .when(record('2027-03-01', 'Issuer'))
      .thenThrows('not_found', 'Vessel not found');
  });

  it('keeps the certificate on record when the vessel details are edited', () => {
    const state = [
      created,
      { type: 'CertificateRecorded', data: { vesselId, vesselName: 'Nordic Aurora', expiryDate: '2027-03-01', certificateIssuer: 'Issuer' } },
      { type: 'VesselUpdated', data: { vesselId, details: { ...details, crewSizeCategory: 30 } } },
    ].reduce((s, e) => evolveVessel(s, e as VesselEvent), initialVesselState());
    expect(state.status === 'active' && state.certificate?.expiryDate).toBe('2027-03-01');
  });
});

describe('one upload, one certificate', () => {
  const created: VesselEvent = { type: 'VesselCreated', data: { vesselId, details } };
  const file = { sha256: 'a'.repeat(64), fileName: 'cert.pdf', sizeBytes: 1200, uploadId: 'upload-1' };
  const recorded: VesselEvent = {
    type: 'CertificateRecorded',
    data: { vesselId, vesselName: 'Nordic Aurora', expiryDate: '2027-03-01', certificateIssuer: 'PMA', file },
  };

  it('refuses to record the same upload twice', () => {
    given([created, recorded])
      .when({ type: 'RecordCertificate', vesselId, expiryDate: '2028-03-01', certificateIssuer: 'PMA', file })
      .thenThrows('validation', 'Upload Expired: This upload link has expired or was already used. Please upload the file again');
  });

  it('carries the issue date when given', () => {
    given([created])
      .when({ type: 'RecordCertificate', vesselId, expiryDate: '2027-03-01', certificateIssuer: 'PMA', issueDate: '2026-03-01', file })
      .then([{ type: 'CertificateRecorded', data: { ...recorded.data, issueDate: '2026-03-01' } as never }]);
  });
});

describe('the expiry of a certificate', () => {
  const created: VesselEvent = { type: 'VesselCreated', data: { vesselId, details } };
  const recorded = (expiryDate: string): VesselEvent => ({
    type: 'CertificateRecorded',
    data: { vesselId, vesselName: 'Nordic Aurora', expiryDate, certificateIssuer: 'PMA' },
  });
  const expire = (today: string): VesselCommand => ({ type: 'ExpireCertificate', vesselId, today });
  const expired: VesselEvent = {
    type: 'CertificateExpired',
    data: { vesselId, vesselName: 'Nordic Aurora', expiryDate: '2026-03-01', certificateIssuer: 'PMA', expiredOn: '2026-03-02' },
  };

  it('is recorded the day after the expiry date, once', () => {
    given([created, recorded('2026-03-01')]).when(expire('2026-03-01')).then([]);
    given([created, recorded('2026-03-01')]).when(expire('2026-03-02')).then([expired]);
    given([created, recorded('2026-03-01'), expired]).when(expire('2026-03-05')).then([]);
  });

  it('starts anew with a renewal, and never for a vessel without a certificate', () => {
    given([created, recorded('2026-03-01'), expired, recorded('2026-06-01')])
      .when(expire('2026-06-02'))
      .then([{ type: 'CertificateExpired', data: { ...expired.data, expiryDate: '2026-06-01', expiredOn: '2026-06-02' } }]);
    given([created]).when(expire('2026-06-02')).then([]);
    given([]).when(expire('2026-06-02')).then([]);
  });
});

