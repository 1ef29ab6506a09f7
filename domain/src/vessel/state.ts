import type { VesselDetails } from './schema';
import type { VesselEvent } from './events';

export type VesselState =
  | { status: 'absent' }
  | { status: 'active'; vesselId: string; details: VesselDetails }
  | { status: 'deleted'; vesselId: string };

export const initialVesselState = (): VesselState => ({ status: 'absent' });

export function evolveVessel(state: VesselState, event: VesselEvent): VesselState {
  switch (event.type) {
    case 'VesselCreated':
    case 'VesselUpdated':
      return { status: 'active', vesselId: event.data.vesselId, details: event.data.details };
    case 'VesselDeleted':
      return { status: 'deleted', vesselId: event.data.vesselId };
  }
}
