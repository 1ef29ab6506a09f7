import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  actions,
  before,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  before?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        {before}
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
