import { useCallback, useEffect, useState } from 'react';

/** One call's state for a page: loading, its data or its error, and a reload. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    run().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [run]);
  useEffect(() => reload(), [reload]);
  return { ...state, reload };
}
