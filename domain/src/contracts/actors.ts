/**
 * Who did something, as a history line shows it: null for the system (no acting user), the
 * person's name while their account exists, and `deleted` once it was deleted: the line stays for
 * the audit trail, the name does not ("Deleted user" on screen). The vessel's captain signed in by
 * its contact address has no account: 'Captain' (the line names the vessel).
 */
export type LineActor = { firstName: string | null; lastName: string | null; deleted?: true } | null;

/**
 * The acting id of whoever signed in with a vessel's contact address (issue 12): a captain of that
 * vessel with no account, `vessel-captain:{vesselId}` in the events' metadata and actors.
 */
const CONTACT_CAPTAIN_PREFIX = 'vessel-captain:';
export const contactCaptainId = (vesselId: string) => `${CONTACT_CAPTAIN_PREFIX}${vesselId}`;
export const isContactCaptainId = (actorId: string) => actorId.startsWith(CONTACT_CAPTAIN_PREFIX);
/** How a history line shows that captain. */
export const CONTACT_CAPTAIN_ACTOR: LineActor = { firstName: 'Captain', lastName: null };
