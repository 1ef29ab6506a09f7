import { describe, expect, it } from 'vitest';
import { vesselFormSchema } from '../vessel/schema';
import { profileSchema } from './schema';

const phoneMessage = (phone: unknown) => {
  const result = profileSchema.safeParse({ phone });
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('profile form', () => {
  it.each([
    ['+47 22 33 44 55', undefined],
    ['(555) 123-4567', undefined],
    ['1'.repeat(21), 'Phone number must not exceed 20 characters'],
    ['call me', 'Phone number contains invalid characters'],
    ['555#1234', 'Phone number contains invalid characters'],
    [42, 'Phone number contains invalid characters'],
  ])('checks the phone %j with the vessel form rule: %s', (phone, message) => {
    expect(phoneMessage(phone)).toBe(message);
    const vessel = vesselFormSchema.safeParse({ contactPhone: phone });
    const vesselMessage = vessel.success ? undefined : vessel.error.issues.find((i) => i.path[0] === 'contactPhone')?.message;
    expect(vesselMessage).toBe(message);
  });

  it('lets a phone be cleared: empty, blank or null', () => {
    for (const phone of ['', '   ', null]) expect(profileSchema.parse({ phone }).phone).toBe('');
  });
});
