import { CONTACT_CAPTAIN_ACTOR, isContactCaptainId, type LineActor } from '@medchest/domain';
import { sql, type RawBuilder } from 'kysely';

/** Who did something, as a history line shows it: the domain's contract (see LineActor). */
export type Actor = LineActor;

/**
 * Whether the account that wrote a line was deleted after it: true for the line's own account
 * even when the same address has registered again since (same user id, a different person).
 * `alias` is the line's table alias, holding `log_commit` and `log_event`; `actorColumn` its actor.
 */
export function deletedSince(alias: string, actorColumn: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    SELECT 1 FROM user_deletions d
    WHERE d.user_id = ${sql.ref(`${alias}.${actorColumn}`)}
      AND (d.log_commit, d.log_event) > (${sql.ref(`${alias}.log_commit`)}, ${sql.ref(`${alias}.log_event`)}))`;
}

export function actorOf(
  actorId: string | null,
  account: { id: string | null; firstName: string | null; lastName: string | null; deletedSince: boolean },
): Actor {
  if (actorId === null) return null;
  // No account to find (nor to delete): the vessel's captain by its contact address.
  if (isContactCaptainId(actorId)) return CONTACT_CAPTAIN_ACTOR;
  if (account.id === null || account.deletedSince) return { firstName: null, lastName: null, deleted: true };
  return { firstName: account.firstName, lastName: account.lastName };
}
