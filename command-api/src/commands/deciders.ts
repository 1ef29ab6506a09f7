import {
  decideUser,
  decideVessel,
  evolveUser,
  evolveVessel,
  initialUserState,
  initialVesselState,
  userEventDefinitions,
  vesselEventDefinitions,
  type DomainEvent,
  type UserCommand,
  type UserEvent,
  type UserState,
  type VesselCommand,
  type VesselEvent,
  type VesselState,
} from '@medchest/domain';
import type { Decider } from './handle';

const vesselTypes = new Set<string>(vesselEventDefinitions.map((d) => d.type));
const userTypes = new Set<string>(userEventDefinitions.map((d) => d.type));

export const vesselDecider: Decider<VesselCommand, VesselState, VesselEvent> = {
  decide: decideVessel,
  evolve: evolveVessel,
  initialState: initialVesselState,
  isEvent: (event: DomainEvent): event is VesselEvent => vesselTypes.has(event.type),
};

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
  isEvent: (event: DomainEvent): event is UserEvent => userTypes.has(event.type),
};
