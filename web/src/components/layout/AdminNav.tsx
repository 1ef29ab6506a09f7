import { NavLink } from 'react-router-dom';
import './admin.css';

const ADMIN_PAGES = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/scales', label: 'Medical Scales' },
] as const;

/** The admin area's own pages, side by side under its header (the menu has one Admin Portal item). */
export function AdminNav() {
  return (
    <nav className="tabs admin-nav" aria-label="Admin Portal" data-testid="admin-nav">
      {ADMIN_PAGES.map((page) => (
        <NavLink key={page.to} to={page.to} end className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}>
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
