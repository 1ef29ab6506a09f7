import { expect } from 'vitest';
import { foldEvents, type Decider } from '../decider';
import { DomainError } from '../errors';

/**
 * given(events).when(command).then(events) / .thenThrows(kind, message): the shape of every
 * decider test. The state is folded from the given events exactly as the command handler does.
 */
export function deciderSpec<Command, State, Event>(decider: Decider<Command, State, Event>) {
  return (events: Event[]) => ({
    when(command: Command) {
      const state = foldEvents(decider, events);
      let decided: Event[] | undefined;
      let error: unknown;
      try {
        decided = decider.decide(command, state);
      } catch (e) {
        error = e;
      }
      return {
        then: (expected: Event[]) => {
          expect(error).toBeUndefined();
          expect(decided).toEqual(expected);
        },
        thenThrows: (kind: DomainError['kind'], message: string) => {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).kind).toBe(kind);
          expect((error as DomainError).message).toBe(message);
        },
      };
    },
  });
}
