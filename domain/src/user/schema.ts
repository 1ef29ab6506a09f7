import { z } from 'zod';
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

export const ROLES = ['admin', 'fleet_manager', 'captain'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
