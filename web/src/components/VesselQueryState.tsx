import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ButtonLink } from './ui/Button';
import { EmptyState, ErrorState, LoadingState } from './ui/StateMessage';
import { ArrowLeftIcon, ShipIcon } from './ui/icons';
import { errorStatus, serverMessage } from '../lib/api';

/**
 * What a page about one vessel shows before it has the vessel: 'Loading vessel...', 'Vessel Not
 * Found' (spec 000 §2) with a way back, or the error. Returns null once the vessel is loaded.
 */
export function vesselQueryState(vessel: UseQueryResult<unknown>, back: ReactNode): ReactNode | null {
  if (vessel.isLoading) {
    return (
      <div className="page">
        {back}
        <LoadingState>Loading vessel...</LoadingState>
      </div>
    );
  }
  if (!vessel.isError && vessel.data) return null;
  const notFound = !vessel.isError || errorStatus(vessel.error) === 404;
  return (
    <div className="page">
      <div className="card">
        {notFound ? (
          <EmptyState
            icon={<ShipIcon size={32} />}
            title="Vessel Not Found"
            testId="vessel-not-found"
            action={
              <ButtonLink to="/vessels" icon={<ArrowLeftIcon size={16} />}>
                Back to Vessels
              </ButtonLink>
            }
          >
            This vessel does not exist or has been deleted.
          </EmptyState>
        ) : (
          <ErrorState>{serverMessage(vessel.error) ?? 'Failed to load vessel'}</ErrorState>
        )}
      </div>
    </div>
  );
}
