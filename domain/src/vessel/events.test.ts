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
    const event = parseEvent('VesselCreated', 1, { vesselId: 'v-1', details });
    expect(event).toEqual({ type: 'VesselCreated', data: { vesselId: 'v-1', details } });
  });

  it('still refuses data of the wrong shape: that is a bug, not history', () => {
    expect(() => parseEvent('VesselCreated', 1, { vesselId: 'v-1', details: { vesselName: 'A' } })).toThrow();
  });
});
