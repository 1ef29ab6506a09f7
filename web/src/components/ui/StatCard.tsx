import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './statCard.css';

/**
 * One figure on a page's stat row (dashboard, inventory and compliance pages): an icon, a label,
 * the value, and an optional line under it (a progress bar, a caption); with `to`, the whole card
 * links there (the dashboard's cards). Loading shows a skeleton; a failed load says 'Unavailable'
 * rather than a figure that could be mistaken for a real 0.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  testId,
  loading = false,
  failed = false,
  to,
  children,
}: {
  label: string;
  value: ReactNode;
  icon: ComponentType<{ size?: number }>;
  tone: 'navy' | 'success' | 'warning' | 'danger';
  testId: string;
  loading?: boolean;
  failed?: boolean;
  to?: string;
  children?: ReactNode;
}) {
  let shown: ReactNode = value;
  if (loading) shown = <span className="skeleton" aria-label="Loading" />;
  else if (failed) shown = <span className="stat-card__unavailable">Unavailable</span>;
  const className = `stat-card${to ? '' : ' stat-card--static'} stat-card--${tone}${failed ? ' stat-card--failed' : ''}`;
  const content = (
    <>
      <span className="stat-card__icon">
        <Icon size={22} />
      </span>
      <span className="stat-card__text">
        <span className="stat-card__label">{label}</span>
        <span className="stat-card__value" data-testid={`${testId}-value`}>
          {shown}
        </span>
        {!loading && !failed && children}
      </span>
    </>
  );
  return to ? (
    <Link to={to} className={className} data-testid={testId}>
      {content}
    </Link>
  ) : (
    <div className={className} data-testid={testId}>
      {content}
    </div>
  );
}
