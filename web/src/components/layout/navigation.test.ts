import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../lib/auth';
import { isNavItemActive, navigationFor } from './navigation';

const manager: AuthUser = { id: 'u1', email: 'm@example.com', role: 'fleet_manager', status: 'active' };

describe('the menu', () => {
  const items = navigationFor(manager);
  const active = (pathname: string) => items.filter((item) => isNavItemActive(item, pathname)).map((i) => i.label);

  it('highlights Dashboard on / and on /dashboard alike', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/dashboard')).toEqual(['Dashboard']);
    expect(active('/dashboard/')).toEqual(['Dashboard']);
  });

  it('highlights a section on its own page and the pages under it, and nothing elsewhere', () => {
    expect(active('/vessels')).toEqual(['Vessels']);
    expect(active('/vessels/abc')).toEqual(['Vessels']);
    expect(active('/vesselsx')).toEqual([]);
    expect(active('/profile')).toEqual([]);
  });
});

describe('the admin menu item', () => {
  const admin: AuthUser = { id: 'u2', email: 'a@example.com', role: 'admin', status: 'active' };
  const items = navigationFor(admin);
  const active = (pathname: string) => items.filter((item) => isNavItemActive(item, pathname)).map((i) => i.label);

  it('stands for every page of the admin area, users and medical scales', () => {
    expect(active('/admin/users')).toEqual(['Admin Portal']);
    expect(active('/admin/scales')).toEqual(['Admin Portal']);
    expect(active('/admin/login')).toEqual([]);
  });

  it('is not in a fleet manager menu', () => {
    expect(navigationFor(manager).map((i) => i.label)).not.toContain('Admin Portal');
  });
});
