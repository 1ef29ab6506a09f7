import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from '@medchest/domain/user/schema';
import { deferredSchema, firstMessagePerField } from './deferredSchema';

describe('a schema checked on demand by the first pages', () => {
  it('shows the login rules on their fields, the first message of each', async () => {
    const check = deferredSchema(async () => loginSchema).check;
    expect(await check({ email: 'not-an-email', password: 'short' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email', password: 'Password must be at least 6 characters' },
    });
  });

  it("hands over the schema's output for valid values (the address as the server keeps it)", async () => {
    const check = deferredSchema(async () => signupSchema).check;
    expect(await check({ email: ' Nadia@Example.COM ', password: 'secret1', firstName: '', lastName: 'Newcomer' })).toEqual({
      ok: true,
      values: { email: 'nadia@example.com', password: 'secret1', lastName: 'Newcomer' },
    });
  });

  it('loads the schema once, on the first check or preload', async () => {
    let loads = 0;
    const validation = deferredSchema(async () => {
      loads++;
      return loginSchema;
    });
    validation.preload();
    await validation.check({ email: 'a@b.co', password: 'secret1' });
    await validation.check({ email: '', password: '' });
    expect(loads).toBe(1);
  });

  it('keeps the first message when a field has several, and names nested fields by their path', () => {
    expect(
      firstMessagePerField([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: ['items', 0, 'quantity'], message: 'Quantity is required' },
      ]),
    ).toEqual({ email: 'first', 'items.0.quantity': 'Quantity is required' });
  });
});
