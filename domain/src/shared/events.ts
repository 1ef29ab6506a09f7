import { z } from 'zod';

/** Every event carries who did it, which request it belongs to, and when. */
export const eventMetadataSchema = z.object({
  /** Acting user id; null for the system (seeding, scheduled jobs). */
  userId: z.string().nullable(),
  correlationId: z.string(),
  /**
   * ISO-8601: when what the event records happened, its business time. It is the command's clock
   * (the moment it was decided, for a user's request; the demo's business clock for its backdated
   * year), and "as of", reports and timelines go by it. When the event was appended is not this:
   * the store records that itself (RecordedEvent.recordedAt).
   */
  occurredAt: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/**
 * The instant an event is about (ARCHITECTURE.md, "Business time"), ISO-8601: what "as of" cuts a
 * stream on. Every reader of it goes through here, so the rule has one place to change.
 */
export function businessTimeOf(metadata: Pick<EventMetadata, 'occurredAt'>): string {
  return metadata.occurredAt;
}

/**
 * An event definition: its name (a past-tense fact), its current schema version, and the zod schema
 * of its data. Older versions are upcast to the current one when read (see `upcasters`).
 */
export interface EventDefinition<T extends string, S extends z.ZodType> {
  type: T;
  version: number;
  schema: S;
  /** fromVersion → function turning that version's data into the next version's data. */
  upcasters?: Record<number, (data: unknown) => unknown>;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  version: number,
  schema: S,
  upcasters?: Record<number, (data: unknown) => unknown>,
): EventDefinition<T, S> {
  return { type, version, schema, upcasters };
}

/** The typed event value a definition describes: what deciders return and evolve consumes. */
export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;
