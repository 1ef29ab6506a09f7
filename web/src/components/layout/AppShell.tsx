import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { displayName, ROLE_LABELS, type AuthUser } from '../../lib/auth';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useLogout } from '../../lib/useAuthActions';
import { GlobeIcon, LogOutIcon, LogoMark, MailIcon, MenuIcon, CloseIcon, UserIcon } from '../ui/icons';
import { isNavItemActive, navigationFor } from './navigation';

function Brand() {
  return (
    <Link to="/" className="brand" aria-label="MedChest home">
      <LogoMark size={30} />
      <span className="brand__name">MedChest</span>
    </Link>
  );
}

function NavContent({ user, onNavigate }: { user: AuthUser; onNavigate?: () => void }) {
  const logout = useLogout();
  const { pathname } = useLocation();
  const items = navigationFor(user);
  const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' nav-link--active' : ''}`;
  return (
    <>
      <div className="sidebar__brand">
        <Brand />
      </div>
      <nav className="sidebar__nav" aria-label="Main">
        {items.map((item) => {
          const { to, label, icon: Icon } = item;
          const isActive = isNavItemActive(item, pathname);
          return (
            <Link
              key={to}
              to={to}
              className={linkClass({ isActive })}
              aria-current={isActive ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon size={18} />
              <span>{label}</span>
            </Link>
          );
        })}
      </nav>
      <div className="sidebar__footer">
        <div className="sidebar__user" data-testid="current-user">
          <span className="avatar" aria-hidden="true">
            {(user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase()}
          </span>
          <span className="sidebar__user-text">
            <span className="sidebar__user-name">{displayName(user)}</span>
            <span className="sidebar__user-role">{ROLE_LABELS[user.role] ?? user.role}</span>
          </span>
        </div>
        <nav aria-label="Account" className="sidebar__footer-links">
          <NavLink to="/profile" className={linkClass} onClick={onNavigate}>
            <UserIcon size={18} />
            <span>Profile</span>
          </NavLink>
          <a className="nav-link" href={`mailto:${SUPPORT_EMAIL}`}>
            <MailIcon size={18} />
            <span>Support</span>
          </a>
          <Link className="nav-link" to="/landing" onClick={onNavigate}>
            <GlobeIcon size={18} />
            <span>About MedChest</span>
          </Link>
          <button
            type="button"
            className="nav-link nav-link--button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOutIcon size={18} />
            <span>{logout.isPending ? 'Logging out...' : 'Log Out'}</span>
          </button>
        </nav>
      </div>
    </>
  );
}

/** The signed-in frame: a fixed sidebar on wide screens, a top bar with a slide-out menu on small ones. */
export function AppShell({ user, children }: { user: AuthUser; children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="shell">
      <aside className="sidebar sidebar--desktop" aria-label="Sidebar">
        <NavContent user={user} />
      </aside>

      <div className="topbar">
        <button
          type="button"
          className="topbar__menu"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon size={22} />
        </button>
        <Brand />
      </div>

      <div
        className={`drawer-backdrop${menuOpen ? ' drawer-backdrop--open' : ''}`}
        onClick={() => setMenuOpen(false)}
        aria-hidden="true"
      />
      <aside
        id="mobile-menu"
        className={`sidebar sidebar--drawer${menuOpen ? ' sidebar--open' : ''}`}
        aria-label="Mobile menu"
        aria-hidden={!menuOpen}
        inert={!menuOpen}
      >
        <button type="button" className="drawer__close" aria-label="Close menu" onClick={() => setMenuOpen(false)}>
          <CloseIcon size={20} />
        </button>
        <NavContent user={user} onNavigate={() => setMenuOpen(false)} />
      </aside>

      <main className="main" id="main">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
