import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './auth/password';
import { normalizeEmail } from '@medchest/domain';
import { isUuid, MEDCHEST_NAMESPACE, userIdForEmail, uuidV5 } from './ids';

describe('ids', () => {
  it('computes RFC UUID v5 (known vector: www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives an email one id, whatever its case and surrounding spaces', () => {
    const id = userIdForEmail('Ana@Fleet.example');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(userIdForEmail(' ana@fleet.example ')).toBe(id);
    expect(userIdForEmail('bo@fleet.example')).not.toBe(id);
  });

  it('normalises the email with the domain\'s rule, the one the forms and the users read model use', () => {
    for (const email of ['  Ana@Fleet.EXAMPLE', 'ANA@fleet.example\t']) {
      expect(userIdForEmail(email)).toBe(uuidV5(normalizeEmail(email), uuidV5('user', MEDCHEST_NAMESPACE)));
    }
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const a = await hashPassword('medchest-demo');
    const b = await hashPassword('medchest-demo');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('medchest-demo');
    expect(await verifyPassword('medchest-demo', a)).toBe(true);
    expect(await verifyPassword('medchest-demo', b)).toBe(true);
    expect(await verifyPassword('medchest-dem0', a)).toBe(false);
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$a$b$c$d$e')).toBe(false);
  });
});
