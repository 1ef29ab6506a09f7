/**
 * The one error type the domain throws. `kind` tells the API which HTTP status to answer
 * (validation → 400, not_found → 404, conflict → 409, forbidden → 403); `message` is what
 * the user reads, so it is written for them.
 */
export type DomainErrorKind = 'validation' | 'not_found' | 'conflict' | 'forbidden';

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    /** Field-level messages for a validation error, keyed by field path. */
    public readonly fields: Record<string, string> = {},
    /**
     * Itemised problems behind a validation error that no single field holds, such as every bad
     * row of an uploaded file; the API answers them as `errors`.
     */
    public readonly details: readonly object[] = [],
    /**
     * For a conflict with a newer state than the request was made against (a stale version): that
     * state, named (e.g. `{ batch: { quantityOnBoard, version } }`) and answered beside the message,
     * so the client shows it and lets the user redo their change.
     */
    public readonly current?: Record<string, object>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
