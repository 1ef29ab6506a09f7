/**
 * A stream's decision logic, as one value: `decide` turns a command and the stream's state into
 * new events (or throws a DomainError), `evolve` folds one event into the state, `initialState`
 * is the state of a stream with no events. All three are pure: no clock, no I/O. Whatever a
 * decision needs from outside its stream (the time, another stream's state) comes in the command.
 *
 * Each stream module exports its decider beside its stream id function and its event guard; the
 * command handler (command-api/src/commands/handler.ts) is configured once per stream with them.
 */
export interface Decider<Command, State, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** A guard telling whether an event belongs to a stream type, from that stream's event definitions. */
export function eventGuard<Event extends { type: string }>(
  definitions: readonly { type: Event['type'] }[],
): (event: { type: string }) => event is Event {
  const types = new Set<string>(definitions.map((definition) => definition.type));
  return (event): event is Event => types.has(event.type);
}

/** The state after `events`, from the decider's initial state. */
export function foldEvents<State, Event>(decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>, events: Iterable<Event>): State {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
