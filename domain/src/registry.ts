import type { z } from 'zod';
import { emailEventDefinitions, type EmailEvent } from './email/events';
import { DomainError } from './shared/errors';
import type { EventDefinition } from './shared/events';
import { userEventDefinitions, type UserEvent } from './user/events';
import { vesselEventDefinitions, type VesselEvent } from './vessel/events';
import { imoClaimEventDefinitions, type ImoClaimEvent } from './vessel/imoClaim';
import { inventoryEventDefinitions, type InventoryEvent } from './inventory/events';
import { scaleEventDefinitions, type ScaleEvent } from './scale-events/events';
import { reportEventDefinitions, type ReportEvent } from './report/events';
import { orderEventDefinitions, type OrderEvent } from './order/events';
import { orderNumberEventDefinitions, type OrderNumberEvent } from './order/orderNumber';

/**
 * Every event the product records, in one union. Adding a capability means adding its
 * definitions here; the event store, projections and workers learn about them from this list.
 */
export type DomainEvent = VesselEvent | ImoClaimEvent | UserEvent | EmailEvent | InventoryEvent | ScaleEvent | ReportEvent | OrderEvent | OrderNumberEvent;
export type DomainEventType = DomainEvent['type'];
export type EventData<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];

const allDefinitions: readonly EventDefinition<string, z.ZodType>[] = [
  ...vesselEventDefinitions,
  ...imoClaimEventDefinitions,
  ...userEventDefinitions,
  ...emailEventDefinitions,
  ...inventoryEventDefinitions,
  ...scaleEventDefinitions,
  ...reportEventDefinitions,
  ...orderEventDefinitions,
  ...orderNumberEventDefinitions,
];

const byType = new Map(allDefinitions.map((d) => [d.type, d]));

/** Every event type the product records (a read model that looks at every event lists these). */
export const ALL_EVENT_TYPES = allDefinitions.map((d) => d.type) as readonly DomainEventType[];

/** The schema version written today for an event type. */
export function currentEventVersion(type: DomainEventType): number {
  const definition = byType.get(type);
  if (!definition) throw new Error(`Unknown event type ${type}`);
  return definition.version;
}

export function isKnownEventType(type: string): type is DomainEventType {
  return byType.has(type);
}

/**
 * Turn stored data back into a typed event: upcast from the stored version to the current one,
 * then validate with the current schema. An event that does not parse is a bug, not user input,
 * so this throws.
 */
export function parseEvent(type: string, version: number, data: unknown): DomainEvent {
  const definition = byType.get(type);
  if (!definition) throw new Error(`Unknown event type ${type}`);
  let upcast = data;
  for (let v = version; v < definition.version; v++) {
    const step = definition.upcasters?.[v];
    if (!step) throw new Error(`No upcaster for ${type} from version ${v}`);
    upcast = step(upcast);
  }
  return { type, data: definition.schema.parse(upcast) } as DomainEvent;
}

/** What a command that kept losing the race to other writers answers (409). */
export const CHANGED_MEANWHILE = 'This record was changed by someone else at the same time. Please try again.';

/** The registry as the command handler uses it: typed events from stored ones and back. */
export const eventCodec = {
  parse: parseEvent,
  version: (type: string) => currentEventVersion(type as DomainEventType),
  conflict: () => new DomainError('conflict', CHANGED_MEANWHILE),
};
