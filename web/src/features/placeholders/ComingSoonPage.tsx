import type { ComponentType } from 'react';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState } from '../../components/ui/StateMessage';
import { ButtonLink } from '../../components/ui/Button';

/** A fleet page that a later release fills in; it exists so navigation is complete today. */
export function ComingSoonPage({
  title,
  description,
  icon: Icon,
}: {
  title: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
}) {
  return (
    <div className="page">
      <PageHeader title={title} subtitle={description} />
      <div className="card">
        <EmptyState
          icon={<Icon size={32} />}
          title="Coming soon"
          testId="coming-soon"
          action={
            <ButtonLink to="/" variant="secondary">
              Back to Dashboard
            </ButtonLink>
          }
        >
          {title} is on its way. Your dashboard and vessels are ready to use in the meantime.
        </EmptyState>
      </div>
    </div>
  );
}
