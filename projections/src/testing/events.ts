import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  inventoryStreamId,
  ORDER_NUMBERS_STREAM,
  orderStreamId,
  NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
  scaleStreamId,
  vesselScaleStreamId,
  type DomainEvent,
  type EventMetadata,
  type VesselDetails,
} from '@medchest/domain';
import type { AppendResult, EventStore, RecordedEvent } from '@medchest/eventstore';

/** Valid vessel details (spec 000 §3), with overrides. */
export function vesselDetails(overrides: Partial<VesselDetails> = {}): VesselDetails {
  return {
    vesselName: 'MV Nordic Star',
    imoNumber: '9074729',
    flagState: 'LIBERIA',
    crewSizeCategory: 22,
    contactName: 'Anna Berg',
    contactPhone: '+47 22 33 44 55',
    contactEmail: 'master@nordicstar.example',
    fleet: 'North Atlantic',
    vesselType: 'BULK_CARRIER',
    ownershipCompany: 'Nordic Bulk AS',
    ownershipContactEmail: 'ops@nordicbulk.example',
    onboardingDate: '2024-03-01',
    contractEndDate: '2026-02-28',
    ...NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
    ...overrides,
  };
}

/**
 * The stream an event belongs to (ARCHITECTURE.md: vessel-{id}, user-{id}, email-{messageId}; the
 * medical chest's inventory-{vesselId}, scale-{scaleId} and vesselScale-{vesselId}).
 */
export function streamIdOf(event: DomainEvent): string {
  switch (event.type) {
    case 'BatchAdded':
    case 'BatchAdjusted':
    case 'BatchUsageRecorded':
    case 'BatchRemoved':
    case 'InventoryImported':
      return inventoryStreamId(event.data.vesselId);
    case 'ScaleImported':
      return scaleStreamId(event.data.scaleId);
    case 'VesselScaleAssigned':
      return vesselScaleStreamId(event.data.vesselId);
    case 'OrderCreated':
    case 'OrderStatusChanged':
    case 'OrderVendorAssigned':
    case 'OrderItemsQuoted':
    case 'OrderItemsReceived':
      return orderStreamId(event.data.orderId);
    case 'OrderNumberAssigned':
      return ORDER_NUMBERS_STREAM;
  }
  const d = event.data as { vesselId?: string; userId?: string; messageId?: string };
  if (d.vesselId) return `vessel-${d.vesselId}`;
  if (d.messageId) return `email-${d.messageId}`;
  return `user-${d.userId}`;
}

/** Append one domain event to a real store, as a command would (any expected revision). */
export function appendDomainEvent(store: EventStore, event: DomainEvent, metadata: Partial<EventMetadata> = {}): Promise<AppendResult> {
  return store.appendToStream(
    streamIdOf(event),
    [
      {
        type: event.type,
        version: currentEventVersion(event.type),
        data: event.data,
        metadata: { userId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), ...metadata },
      },
    ],
    { expected: 'any' },
  );
}

/**
 * Builds RecordedEvents as the store would hand them out, without a store: each new event gets the
 * next log position and the next revision of its stream. For handler tests ("events in, rows out").
 */
export function createFakeLog(options: { startAt?: Date; stepMs?: number } = {}) {
  let clock = (options.startAt ?? new Date('2025-01-06T09:00:00.000Z')).getTime();
  const step = options.stepMs ?? 60_000;
  let sequence = 0n;
  const revisions = new Map<string, bigint>();

  return {
    /** Record one event; metadata defaults to the system acting now (the clock moves a minute per event). */
    record(event: DomainEvent, metadata: Partial<EventMetadata> = {}): RecordedEvent {
      const streamId = streamIdOf(event);
      const revision = revisions.get(streamId) ?? 0n;
      revisions.set(streamId, revision + 1n);
      sequence += 1n;
      clock += step;
      return {
        id: randomUUID(),
        streamId,
        revision,
        position: { commit: 1000n + sequence, event: sequence },
        type: event.type,
        version: currentEventVersion(event.type),
        data: structuredClone(event.data),
        metadata: {
          userId: null,
          correlationId: randomUUID(),
          occurredAt: new Date(clock).toISOString(),
          ...metadata,
        },
        recordedAt: new Date(clock),
        hash: 'not-hashed',
      };
    },
  };
}
