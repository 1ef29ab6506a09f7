/**
 * PostgreSQL's SQLSTATEs (and the socket errors) the event store and the read models act on. One
 * place for the codes both packages test.
 */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
/** Classes of errors for what a statement wrote (22 data, 23 integrity) or that rolled its transaction back (40). */
const REFUSED_CLASSES = new Set(['22', '23', '40']);

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A unique key refused (23505): an append that lost a race for a stream revision, or a read-model row stored once already. */
export function isUniqueViolation(error: unknown): boolean {
  return errorCode(error) === UNIQUE_VIOLATION;
}

/** Two transactions waited for each other and PostgreSQL rolled this one back (40P01): a lost race too. */
export function isDeadlock(error: unknown): boolean {
  return errorCode(error) === DEADLOCK_DETECTED;
}

/**
 * The server refused the statement for what it wrote or rolled its transaction back: nothing of it
 * was written, for certain. (A lost connection is not: whether its transaction committed is unknown.)
 */
export function isRefusedStatement(error: unknown): boolean {
  const state = errorCode(error);
  return state !== undefined && REFUSED_CLASSES.has(state.slice(0, 2));
}

/** Connection-level failures a follower rides out (the database restarting, a network blip). */
export function isTransient(error: unknown): boolean {
  const code = errorCode(error) ?? '';
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code) ||
    /Connection terminated/i.test(String((error as Error)?.message))
  );
}
