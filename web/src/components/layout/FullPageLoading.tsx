import { LoadingState } from '../ui/StateMessage';

/** The whole page waiting (for the session, or for a page's code): a loading message in its middle. */
export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="full-page-center">
      <LoadingState testId="page-loading">{label}</LoadingState>
    </div>
  );
}
