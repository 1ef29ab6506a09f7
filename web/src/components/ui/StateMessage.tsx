import type { ReactNode } from 'react';

/** Loading and empty texts: the exact words the specification gives, announced politely. */
export function LoadingState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="state state--loading" role="status" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
  icon,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="state state--empty" data-testid={testId}>
      {icon && <div className="state__icon">{icon}</div>}
      <p className="state__title">{title}</p>
      {children && <p className="state__text">{children}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

export function ErrorState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="state state--error" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}
