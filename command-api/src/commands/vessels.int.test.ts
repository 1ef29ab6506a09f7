import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import type { AppDeps } from './context';
import { createVessel, deleteVessel, updateVessel } from './vessels';

let t: TestApp;
/** The read models far behind: the runner is stopped and nothing waits for it. */
let lagging: AppDeps;

beforeAll(async () => {
  t = await startTestApp('api_vessel_commands');
  await t.runner.stop();
  lagging = { ...t.deps, waitFor: async () => false };
});

afterAll(async () => {
  await t?.close();
});

const context = { userId: null, correlationId: 'lag-test', now: new Date() };
const form = { vesselName: 'Fresh Paint', imoNumber: '9466245', flagState: 'LIBERIA', crewSizeCategory: 18 };

describe('vessel commands while the read models lag', () => {
  it('edits and deletes a vessel the read models do not show yet: the vessel stream decides, not the read model', async () => {
    const { vessel } = await createVessel(lagging, form, context);
    const edited = await updateVessel(lagging, vessel.id, { ...form, crewSizeCategory: 20 }, context);
    expect(edited.vessel).toMatchObject({ id: vessel.id, crewSizeCategory: 20 });
    expect(edited.position).toBeDefined();
    expect((await deleteVessel(lagging, vessel.id, context)).position).toBeDefined();
    // The stream itself, not the global log: the log is read below the server-wide snapshot horizon,
    // which any other transaction on the server can hold back.
    const types = (await t.store.readStream(`vessel-${vessel.id}`)).map((e) => e.type);
    expect(types).toEqual(['VesselCreated', 'VesselUpdated', 'VesselDeleted']);
  });

  it('still answers 404 for a vessel its stream does not know, or one deleted', async () => {
    await expect(updateVessel(lagging, '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11', form, context)).rejects.toMatchObject({ kind: 'not_found' });
    const { vessel } = await createVessel(lagging, { ...form, imoNumber: '9466257' }, context);
    await deleteVessel(lagging, vessel.id, context);
    await expect(updateVessel(lagging, vessel.id, form, context)).rejects.toMatchObject({ kind: 'not_found', message: 'Vessel not found' });
  });
});
