/** Texts the specification gives for missing values (spec 000 §4; 001 §2), written once. */
export const NOT_SPECIFIED = 'Not specified';
export const NOT_SET = 'Not set';
