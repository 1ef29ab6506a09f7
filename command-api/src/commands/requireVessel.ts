import { vesselNotFound } from '@medchest/domain';
import type { AppDeps } from './context';
import { vessels } from './streams';

/**
 * A command about a vessel's chest or scale needs the vessel to exist (and not be deleted), read
 * from its own stream so a lagging read model never gives a false 404. A vessel deleted between
 * this check and the append keeps the events (they are facts about what was recorded); nothing
 * reads the chest of a deleted vessel.
 */
export async function requireVessel(deps: Pick<AppDeps, 'store' | 'codec'>, vesselId: string): Promise<void> {
  const { state } = await vessels.load(deps, vesselId);
  if (state.status !== 'active') throw vesselNotFound();
}
