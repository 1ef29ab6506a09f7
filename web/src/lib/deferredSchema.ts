import type { z } from 'zod';

/** What a form shows under each field: the first message for it, by the field's path ('a.b'). */
export type FieldMessages = Record<string, string>;

export type SchemaCheck<TOutput> = { ok: true; values: TOutput } | { ok: false; errors: FieldMessages };

/**
 * The first message of each field among a failed parse's issues, as react-hook-form's zod
 * resolver shows them elsewhere in the app (first error per field), so a form of the first
 * pages reads exactly like the others.
 */
export function firstMessagePerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    messages[field] ??= issue.message;
  }
  return messages;
}

/**
 * A domain schema loaded on demand, for the forms of the first pages (login, sign-up): they paint
 * without zod and the schemas, which arrive while the user types (preload) or, at the latest, on
 * the first submit (issue 14).
 */
export function deferredSchema<S extends z.ZodType>(loadSchema: () => Promise<S>) {
  let loaded: Promise<S> | undefined;
  const load = () => (loaded ??= loadSchema());
  return {
    preload: () => void load(),
    /** The schema's output for valid values, or the first message of each invalid field. */
    check: async (values: unknown): Promise<SchemaCheck<z.output<S>>> => {
      const parsed = await (await load()).safeParseAsync(values);
      return parsed.success ? { ok: true, values: parsed.data } : { ok: false, errors: firstMessagePerField(parsed.error.issues) };
    },
  };
}
