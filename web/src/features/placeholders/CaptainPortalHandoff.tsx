import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FullPageLoading } from '../../components/layout/FullPageLoading';

/**
 * A /captain path reached by navigating inside the fleet app (a captain's redirect after login, a
 * link): the captain portal is its own page with its own bundle, so the browser loads it afresh.
 */
export function CaptainPortalHandoff() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}`), [pathname, search]);
  return <FullPageLoading label="Opening the captain portal..." />;
}
