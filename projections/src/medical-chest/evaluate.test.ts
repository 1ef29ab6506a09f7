import type { VolumeRequirementRow } from '@medchest/domain';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rowsDigest } from './evaluate';

const row = (n: number): VolumeRequirementRow => ({
  scaleId: `IMGS${n}`,
  scaleDescription: `Item ${n} – 500 mg (ñ)`,
  section: '1. Resuscitation',
  requiredQuantity: n % 3 === 0 ? null : 10 * n,
  requiredUnit: n % 3 === 0 ? null : 'tablet',
  requirement: n % 3 === 0 ? 'Not required' : `${10 * n} tablet`,
  actualQuantity: n,
  complianceStatus: n % 2 === 0 ? 'compliant' : 'critical',
  expiringSoon: n % 4 === 0,
});

describe('rowsDigest', () => {
  it('is the lane-wise sum of createHash sha256 of each row\'s position and JSON text (the digests already stored stay valid)', () => {
    const rows = Array.from({ length: 40 }, (_, n) => row(n));
    const sum = new Uint32Array(8);
    rows.forEach((r, position) => {
      const sha = createHash('sha256').update(`${position}:${JSON.stringify(r)}`).digest();
      for (let i = 0; i < 8; i++) sum[i] += sha.readUInt32BE(i * 4);
    });
    expect(rowsDigest(rows)).toBe(Array.from(sum, (lane) => lane.toString(16).padStart(8, '0')).join(''));
    expect(rowsDigest([])).toBe('0'.repeat(64));
  });
});
