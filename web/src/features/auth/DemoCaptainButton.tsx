import { useState } from 'react';
import { CAPTAIN_HOME } from '@medchest/domain';
import { apiJson } from '../../lib/api';
import { serverMessage } from '../../lib/api';
import { Button } from '../../components/ui/Button';

/**
 * The demo entry's "captain of a demo vessel" (issue 12): signs straight in as the captain of the
 * seeded demo vessel, then opens the captain portal (its own page, hence a full load).
 */
export function DemoCaptainButton() {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="btn--block"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            await apiJson('POST', '/api/demo/captain-login');
            window.location.assign(CAPTAIN_HOME);
          } catch (e) {
            setError(serverMessage(e) ?? 'Demo login failed');
            setBusy(false);
          }
        }}
      >
        {busy ? 'Signing in...' : 'Captain of a demo vessel'}
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
