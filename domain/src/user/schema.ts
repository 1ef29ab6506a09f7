import { z } from 'zod';
import type { StatusTone } from '../shared/tone';
import { phoneNumberSchema } from '../vessel/schema';
import { normalizeEmail } from './accounts';

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

/**
 * admin: everything; fleet_manager: the vessels and fleets assigned to them; auditor: read-only over
 * the vessels and fleets assigned to them (port state control replaying history); captain: their
 * one vessel, through the captain portal.
 */
export const ROLES = ['admin', 'fleet_manager', 'auditor', 'captain'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  fleet_manager: 'Fleet Manager',
  auditor: 'Auditor',
  captain: 'Captain',
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
};

/** An account status badge's colour (profile, admin users). */
export const USER_STATUS_TONES: Record<UserStatus, StatusTone> = { active: 'success', pending: 'warning', suspended: 'danger' };

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
