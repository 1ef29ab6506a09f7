import { z } from 'zod';
import { phoneNumberSchema } from '../vessel/schema';
import { normalizeEmail } from './accounts';
import { ROLES, USER_STATUSES } from './labels';

/** Login and sign-up forms (spec 001 §5). */
export const loginSchema = z.object({
  email: z.string({ error: 'Please enter a valid email' }).transform(normalizeEmail).pipe(z.email('Please enter a valid email')),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters'),
});
export type LoginInput = z.input<typeof loginSchema>;

const optionalName = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(255, 'Name must not exceed 255 characters').optional(),
);

export const signupSchema = loginSchema.extend({
  firstName: optionalName,
  lastName: optionalName,
});
export type SignupInput = z.input<typeof signupSchema>;

/** The demo entry asks only that both are filled in; the credentials are checked like a login. */
export const demoLoginSchema = z.object({
  email: z.string({ error: 'Email and password are required' }).trim().min(1, 'Email and password are required'),
  password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required'),
});

/** Profile: every field optional (spec 001 §5). */
const optionalProfileText = z.preprocess(
  (v) => (v === null ? '' : v),
  z.string().trim().max(255, 'Must not exceed 255 characters').optional(),
);
export const profileSchema = z.object({
  firstName: optionalProfileText,
  lastName: optionalProfileText,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneNumberSchema.optional()),
  company: optionalProfileText,
  preferredFleet: optionalProfileText,
  preferredVessel: optionalProfileText,
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

// Roles, statuses and their labels and tones are plain data in ./labels (no zod), so that the
// browser's first bundle can show them without the schemas (issue 14); re-exported here.
export * from './labels';

/**
 * The admin's create-user dialog (spec 001 §5): a valid email ('Invalid email address'), a password
 * of at least 6 characters, optional names, phone and company; role optional (fleet manager);
 * status defaults to pending.
 */
export const adminCreateUserSchema = z.object({
  email: z.string({ error: 'Invalid email address' }).transform(normalizeEmail).pipe(z.email('Invalid email address')),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters'),
  firstName: optionalName,
  lastName: optionalName,
  role: z.enum(ROLES, { error: 'Please select a valid role' }).default('fleet_manager'),
  status: z.enum(USER_STATUSES, { error: 'Please select a valid status' }).default('pending'),
  phone: z.preprocess((v) => (v === null ? '' : v), phoneNumberSchema.optional()),
  company: optionalProfileText,
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/** The admin's edit dialog: every field optional; a password given replaces the old one. */
export const adminEditUserSchema = z.object({
  firstName: optionalProfileText,
  lastName: optionalProfileText,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneNumberSchema.optional()),
  company: optionalProfileText,
  role: z.enum(ROLES, { error: 'Please select a valid role' }).optional(),
  password: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').optional(),
  ),
});
export type AdminEditUserInput = z.input<typeof adminEditUserSchema>;

/** POST /api/admin/users/{id}/vessels and /fleets. */
export const vesselAssignmentSchema = z.object({
  vesselIds: z.array(z.string({ error: 'Please select valid vessels' }), { error: 'vesselIds must be a list of vessel ids' }).max(10_000),
});
export const fleetAssignmentSchema = z.object({
  fleets: z
    .array(z.string({ error: 'Fleet names must be text' }).trim().min(1, 'Fleet names must not be blank').max(255), {
      error: 'fleets must be a list of fleet names',
    })
    .max(1_000),
});
