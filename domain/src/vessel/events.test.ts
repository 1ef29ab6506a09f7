import { describe, expect, it } from 'vitest';
import { parseEvent } from '../registry';

describe('reading stored vessel events', () => {
  it('reads an old event that today\'s form rules would refuse, so the vessel stays editable', () => {
    const details = {
      vesselName: 'x'.repeat(300),
      imoNumber: 'lowercase-imo',
      flagState: 'RETIRED_FLAG',
      crewSizeCategory: 5000,
      contactPhone: 'call the agent',
    };
    const event = parseEvent('VesselCreated', 1, { vesselId: 'v-1', details: { ...details, medicalCategory: 'C' } });
    expect(event).toEqual({
      type: 'VesselCreated',
      data: { vesselId: 'v-1', details: { ...details, medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: false } },
    });
  });

  it.each(['VesselCreated', 'VesselUpdated'])(
    'reads a %s recorded before the medical profile existed as category A, no women on board, no dangerous goods',
    (type) => {
      const details = { vesselName: 'Old Timer', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 12 };
      const event = parseEvent(type, 1, { vesselId: 'v-1', details });
      expect(event.data).toEqual({
        vesselId: 'v-1',
        details: { ...details, medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false },
      });
    },
  );

  it('keeps the medical profile an event recorded', () => {
    const details = {
      vesselName: 'Coaster',
      imoNumber: '9074729',
      flagState: 'PANAMA',
      crewSizeCategory: 8,
      medicalCategory: 'B',
      womenOnBoard: true,
      carriesDangerousGoods: true,
    };
    expect(parseEvent('VesselUpdated', 1, { vesselId: 'v-1', details }).data).toEqual({ vesselId: 'v-1', details });
  });

  it('still refuses data of the wrong shape: that is a bug, not history', () => {
    expect(() => parseEvent('VesselCreated', 1, { vesselId: 'v-1', details: { vesselName: 'A' } })).toThrow();
    const details = { vesselName: 'A', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 12 };
    // Quantities are looked up by category: one outside A/B/C cannot be read as anything.
    expect(() => parseEvent('VesselCreated', 1, { vesselId: 'v-1', details: { ...details, medicalCategory: 'D' } })).toThrow();
    expect(() => parseEvent('VesselCreated', 1, { vesselId: 'v-1', details: { ...details, womenOnBoard: 'yes' } })).toThrow();
  });
});
