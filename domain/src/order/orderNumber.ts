import { eventGuard, type Decider } from '../shared/decider';
import { z } from 'zod';
import { DomainError } from '../shared/errors';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * Readable, unique order numbers: ORD-{year}-{sequence}, the sequence counting every order ever
 * made (ORD-2026-00001, ORD-2026-00002 …). Uniqueness across order streams is a decider on a
 * stream of its own, `order-numbers`, appended with the revision read: of two orders racing for
 * the next number, one takes it and the other re-reads and takes the one after.
 */
export const OrderNumberAssigned = defineEvent(
  'OrderNumberAssigned',
  1,
  z.object({ orderNumber: z.string(), sequence: z.number().int().positive(), orderId: z.string() }),
);
export const orderNumberEventDefinitions = [OrderNumberAssigned] as const;
export type OrderNumberEvent = EventOf<(typeof orderNumberEventDefinitions)[number]>;

export const isOrderNumberEvent = eventGuard<OrderNumberEvent>(orderNumberEventDefinitions);
export const ORDER_NUMBERS_STREAM = 'order-numbers';

/** Only the last sequence handed out matters: a number burnt by an order that then failed is skipped. */
export interface OrderNumberState {
  lastSequence: number;
}

export const initialOrderNumberState = (): OrderNumberState => ({ lastSequence: 0 });

export function evolveOrderNumber(state: OrderNumberState, event: OrderNumberEvent): OrderNumberState {
  return { lastSequence: Math.max(state.lastSequence, event.data.sequence) };
}

export const formatOrderNumber = (year: number, sequence: number) => `ORD-${year}-${String(sequence).padStart(5, '0')}`;

/** `at`: the moment of the command (ISO), whose year the number carries. */
export type OrderNumberCommand = { type: 'AssignOrderNumber'; orderId: string; at: string };

export function decideOrderNumber(command: OrderNumberCommand, state: OrderNumberState): OrderNumberEvent[] {
  const year = new Date(command.at).getUTCFullYear();
  if (!Number.isInteger(year)) throw new DomainError('validation', 'Invalid time');
  const sequence = state.lastSequence + 1;
  return [{ type: 'OrderNumberAssigned', data: { orderNumber: formatOrderNumber(year, sequence), sequence, orderId: command.orderId } }];
}

export const orderNumberDecider: Decider<OrderNumberCommand, OrderNumberState, OrderNumberEvent> = {
  decide: decideOrderNumber,
  evolve: evolveOrderNumber,
  initialState: initialOrderNumberState,
};
