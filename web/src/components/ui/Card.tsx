import type { ReactNode } from 'react';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** The section's accessible name when it has a title. */
  id?: string;
}

export function Card({ title, description, actions, children, className, testId, id }: CardProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      className={['card', className].filter(Boolean).join(' ')}
      data-testid={testId}
      aria-labelledby={title ? headingId : undefined}
      id={id}
    >
      {(title || actions) && (
        <header className="card__header">
          <div>
            {title && (
              <h2 className="card__title" id={headingId}>
                {title}
              </h2>
            )}
            {description && <p className="card__description">{description}</p>}
          </div>
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      <div className="card__body">{children}</div>
    </section>
  );
}
