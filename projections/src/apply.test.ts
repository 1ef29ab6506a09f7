import { describe, expect, it } from 'vitest';
import { toProjectedEvent } from './apply';
import { createFakeLog, vesselDetails } from './testing/events';

describe('reading recorded events', () => {
  const log = createFakeLog();
  const good = log.record({ type: 'VesselCreated', data: { vesselId: 'v-1', details: vesselDetails() } });

  it('keeps the log facts of the event alongside its typed data', () => {
    const event = toProjectedEvent(good);
    expect(event).toMatchObject({ type: 'VesselCreated', id: good.id, streamId: good.streamId, position: good.position, metadata: good.metadata });
    expect(event.type === 'VesselCreated' && event.data.details.vesselName).toBe('MV Nordic Star');
  });

  it('re-validates with the domain schema when asked, refusing data of a shape no decider writes', () => {
    const broken = { ...good, data: { vesselId: 'v-1', details: { ...vesselDetails(), crewSizeCategory: 'many' } } };
    expect(() => toProjectedEvent(broken, { validate: true })).toThrow(/crewSizeCategory/);
  });

  it('refuses a version the domain has no upcaster for', () => {
    expect(() => toProjectedEvent({ ...good, version: 0 })).toThrow(/No upcaster for VesselCreated from version 0/);
  });
});
