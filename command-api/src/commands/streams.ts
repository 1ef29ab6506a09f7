import {
  imoClaimDecider,
  imoClaimStreamId,
  inventoryDecider,
  inventoryStreamId,
  ORDER_NUMBERS_STREAM,
  orderDecider,
  orderNumberDecider,
  orderStreamId,
  isImoClaimEvent,
  isInventoryEvent,
  isOrderEvent,
  isOrderNumberEvent,
  isReportEvent,
  isScaleImportedEvent,
  isUserEvent,
  isVesselEvent,
  isVesselScaleAssignedEvent,
  reportDecider,
  reportStreamId,
  scaleDecider,
  scaleStreamId,
  userDecider,
  userStreamId,
  vesselDecider,
  vesselScaleDecider,
  vesselScaleStreamId,
  vesselStreamId,
} from '@medchest/domain';
import { streamHandler } from '@medchest/eventstore/commands/handler';

/**
 * The command handler, configured once per stream type with what the domain exports for it
 * (decider, stream id, event guard). Every command goes through one of these: see "How to write
 * a command" in README.md.
 */
export const vessels = streamHandler({ decider: vesselDecider, streamId: vesselStreamId, isEvent: isVesselEvent });
export const imoClaims = streamHandler({ decider: imoClaimDecider, streamId: imoClaimStreamId, isEvent: isImoClaimEvent });
export const users = streamHandler({ decider: userDecider, streamId: userStreamId, isEvent: isUserEvent });
export const inventories = streamHandler({ decider: inventoryDecider, streamId: inventoryStreamId, isEvent: isInventoryEvent });
export const reports = streamHandler({ decider: reportDecider, streamId: reportStreamId, isEvent: isReportEvent });
export const scales = streamHandler({ decider: scaleDecider, streamId: scaleStreamId, isEvent: isScaleImportedEvent });
export const orders = streamHandler({ decider: orderDecider, streamId: orderStreamId, isEvent: isOrderEvent });
/** One stream for every order number (its id is ignored): the sequence that numbers orders. */
export const orderNumbers = streamHandler({ decider: orderNumberDecider, streamId: () => ORDER_NUMBERS_STREAM, isEvent: isOrderNumberEvent });
export const vesselScales = streamHandler({ decider: vesselScaleDecider, streamId: vesselScaleStreamId, isEvent: isVesselScaleAssignedEvent });

/**
 * The read models, by name, that commands declare they answer from (and that the screens refresh
 * right after them): the handler waits for those only.
 */
export const READ_MODELS = {
  vessels: 'vessels',
  users: 'users',
  fleetCompliance: 'fleet-compliance',
  activity: 'activity',
  emailLog: 'email-log',
  medicalChest: 'medical-chest',
  inventoryImports: 'inventory-imports',
  orders: 'orders',
  assignments: 'assignments',
  certificates: 'certificates',
  reports: 'reports',
} as const;
