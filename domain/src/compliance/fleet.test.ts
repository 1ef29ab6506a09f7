import { describe, expect, it } from 'vitest';
import { compliancePercentage, countsAsCompliant, fleetComplianceSummary, summarizeChest, type VesselChestSummary } from './fleet';
import type { VesselStatus } from './status';

const v = (status: VesselStatus, criticalItems = 0, expiringBatches = 0): VesselChestSummary => ({ status, criticalItems, expiringBatches });

describe('fleet compliance summary', () => {
  it.each<[string, VesselChestSummary[], object]>([
    ['an empty fleet', [], { totalVessels: 0, compliantVessels: 0, compliancePercentage: 0, expiringItems: 0, criticalAlerts: 0 }],
    ['one compliant vessel', [v('Compliant')], { totalVessels: 1, compliantVessels: 1, compliancePercentage: 100 }],
    ['one of three compliant (33.3 → 33)', [v('Compliant'), v('Critical', 2), v('Non-Compliant')], { compliantVessels: 1, compliancePercentage: 33, criticalAlerts: 2 }],
    ['two of three compliant (66.7 → 67)', [v('Compliant'), v('Compliant'), v('Critical', 1)], { compliancePercentage: 67 }],
    ['one of eight compliant (12.5 → 13)', [v('Compliant'), ...Array.from({ length: 7 }, () => v('Non-Compliant'))], { compliancePercentage: 13 }],
    [
      'expiring soon is not counted as compliant; its batches are expiring items',
      [v('Compliant'), v('Expiring Soon', 0, 3), v('Expiring Soon', 0, 1)],
      { compliantVessels: 1, compliancePercentage: 33, expiringItems: 4 },
    ],
    [
      'critical alerts and expiring items add up across the fleet',
      [v('Critical', 5, 2), v('Critical', 1, 0), v('Non-Compliant', 0, 7)],
      { compliantVessels: 0, compliancePercentage: 0, criticalAlerts: 6, expiringItems: 9 },
    ],
  ])('%s', (_case, vessels, expected) => {
    expect(fleetComplianceSummary(vessels)).toMatchObject(expected);
  });

  it.each<[VesselStatus, boolean]>([
    ['Compliant', true],
    ['Expiring Soon', false],
    ['Non-Compliant', false],
    ['Critical', false],
  ])('a %s vessel counts as compliant: %s', (status, counts) => {
    expect(countsAsCompliant(status)).toBe(counts);
  });

  it('rounds the percentage half up and gives 0 for no vessels', () => {
    expect(compliancePercentage(0, 0)).toBe(0);
    expect(compliancePercentage(1, 200)).toBe(1); // 0.5
    expect(compliancePercentage(1, 201)).toBe(0); // 0.497
    expect(compliancePercentage(199, 200)).toBe(100); // 99.5
  });

  it('summarises an evaluated chest', () => {
    expect(summarizeChest({ status: 'Expiring Soon', criticalItems: 0, expiringBatches: [{}, {}] })).toEqual(v('Expiring Soon', 0, 2));
  });
});
