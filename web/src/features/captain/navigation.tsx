import { useEffect, useState } from 'react';

/**
 * The captain portal's own navigation (history API): four pages do not need a router library,
 * and leaving one out keeps the portal's bundle small enough for a ship's connection.
 */
const listeners = new Set<() => void>();

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}

export function usePathname(): string {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPathname(window.location.pathname);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return pathname;
}

/** A link inside the portal: a real anchor (opens in a new tab too), navigated in place on a plain click. */
export function Link({ to, className, children, testId }: { to: string; className?: string; children: React.ReactNode; testId?: string }) {
  return (
    <a
      href={to}
      className={className}
      data-testid={testId}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
