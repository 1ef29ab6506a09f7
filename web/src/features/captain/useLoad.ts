import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One call's state for a page: loading, its data or its error, and a reload.
 *
 * Reloads may overlap (each change the offline queue sends asks for one), so only the latest
 * call's answer is taken: an earlier one settling after it would put older figures back. A reload
 * that fails keeps the data already shown beside its error, so a page can go on showing it (a
 * captain who loses the connection keeps the open item and the search), and says it is stale.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const latest = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    const call = ++latest.current;
    const current = () => call === latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    run().then(
      (data) => current() && setState({ data, loading: false }),
      (error: unknown) => current() && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
    return () => {
      // Unmounted, or asked for other data (deps): nothing of this call is taken any more.
      if (current()) latest.current++;
    };
  }, [run]);
  useEffect(() => reload(), [reload]);
  return { ...state, reload };
}
