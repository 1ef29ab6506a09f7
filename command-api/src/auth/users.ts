import type { getUser } from '../readModels';

type StoredUser = NonNullable<Awaited<ReturnType<typeof getUser>>>;

/** A user as the API shows it: everything but the password hash. */
export type PublicUser = Omit<StoredUser, 'passwordHash'>;

export function toPublicUser(user: StoredUser | (StoredUser & { passwordHash?: string })): PublicUser {
  const { passwordHash: _never, ...rest } = user as StoredUser & { passwordHash?: string };
  return rest;
}
