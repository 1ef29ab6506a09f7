/**
 * PostgreSQL's SQLSTATE for a unique key refused (23505): an append that lost a race for a stream
 * revision, or a read-model row stored once already. One place for the code both packages test.
 */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
