/**
 * Who did something, as a history line shows it: null for the system (no acting user), the
 * person's name while their account exists, and `deleted` once it was deleted: the line stays for
 * the audit trail, the name does not ("Deleted user" on screen).
 */
export type LineActor = { firstName: string | null; lastName: string | null; deleted?: true } | null;
