import { describe, expect, it } from 'vitest';
import type { Vessel } from '@medchest/domain';
import { matchesVesselSearch, nextSort, pageOf, sortVessels, VESSELS_PAGE_SIZE } from './vesselList';

/** The fields a test does not care about, as the API answers them when absent. */
const BLANK: Omit<Vessel, 'id' | 'vesselName' | 'imoNumber' | 'flagState' | 'crewSizeCategory'> = {
  contactName: null, contactPhone: null, contactEmail: null, fleet: null, vesselType: null, ownershipCompany: null,
  ownershipContactEmail: null, onboardingDate: null, contractEndDate: null, lastMedicalReview: null,
  medicalChestCertificatePath: null, medicalChestCertificateExpiry: null, certificateIssuer: null, certificateExpiry: null,
  medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

const vessel = (n: number, over: Partial<Vessel> = {}): Vessel => ({
  ...BLANK,
  id: `v${n}`,
  vesselName: `Vessel ${n}`,
  imoNumber: String(9000000 + n),
  flagState: 'PANAMA',
  crewSizeCategory: n % 40,
  fleet: `Fleet ${n % 7}`,
  ...over,
});
const fleet500 = Array.from({ length: 500 }, (_, i) => vessel(i + 1));

describe('the vessels list with a fleet of 500', () => {
  it('shows 50 rows a page, ten pages, and keeps a page number within range', () => {
    const first = pageOf(fleet500, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 10, first: 1, last: 50 });
    expect(first.rows).toHaveLength(VESSELS_PAGE_SIZE);
    expect(pageOf(fleet500, 10)).toMatchObject({ first: 451, last: 500 });
    expect(pageOf(fleet500, 99).page).toBe(10);
    expect(pageOf([], 3)).toMatchObject({ page: 1, pageCount: 1, first: 0, last: 0, rows: [] });
  });

  it('sorts names the way people count (Vessel 2 before Vessel 10), both ways', () => {
    const asc = sortVessels(fleet500, { key: 'vesselName', direction: 'asc' });
    expect(asc.slice(0, 3).map((v) => v.vesselName)).toEqual(['Vessel 1', 'Vessel 2', 'Vessel 3']);
    const desc = sortVessels(fleet500, { key: 'vesselName', direction: 'desc' });
    expect(desc[0].vesselName).toBe('Vessel 500');
  });

  it('sorts crew size as numbers and flag states by their names, blanks last either way', () => {
    const list = [vessel(1, { crewSizeCategory: 9 }), vessel(2, { crewSizeCategory: 12 }), vessel(3, { crewSizeCategory: 100 })];
    expect(sortVessels(list, { key: 'crewSizeCategory', direction: 'asc' }).map((v) => v.crewSizeCategory)).toEqual([9, 12, 100]);
    const flags = [vessel(1, { flagState: 'PANAMA' }), vessel(2, { flagState: 'BAHAMAS' })];
    expect(sortVessels(flags, { key: 'flagState', direction: 'asc' }).map((v) => v.flagState)).toEqual(['BAHAMAS', 'PANAMA']);
    const ends = [vessel(1, { contractEndDate: null }), vessel(2, { contractEndDate: '2027-01-01' }), vessel(3, { contractEndDate: '2026-01-01' })];
    expect(sortVessels(ends, { key: 'contractEndDate', direction: 'asc' }).map((v) => v.id)).toEqual(['v3', 'v2', 'v1']);
    expect(sortVessels(ends, { key: 'contractEndDate', direction: 'desc' }).map((v) => v.id)).toEqual(['v2', 'v3', 'v1']);
  });

  it('a header click sorts by it ascending, a second click turns it round', () => {
    expect(nextSort({ key: 'vesselName', direction: 'asc' }, 'fleet')).toEqual({ key: 'fleet', direction: 'asc' });
    expect(nextSort({ key: 'fleet', direction: 'asc' }, 'fleet')).toEqual({ key: 'fleet', direction: 'desc' });
  });

  it('search matches every word, in any case, across name, IMO, fleet and flag', () => {
    expect(fleet500.filter((v) => matchesVesselSearch(v, 'vessel 25'))).toHaveLength(15); // 25, 125, 225, 250-259, 325, 425
    expect(fleet500.filter((v) => matchesVesselSearch(v, '9000007'))).toHaveLength(1);
    expect(matchesVesselSearch(vessel(1), 'panama FLEET 1')).toBe(true);
    expect(matchesVesselSearch(vessel(1), 'liberia')).toBe(false);
    expect(matchesVesselSearch(vessel(1), '  ')).toBe(true);
  });
});
