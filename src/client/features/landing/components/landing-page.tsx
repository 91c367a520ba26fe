import { useSessionStore } from '../../../lib/session';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { MarketingLanding } from './marketing-landing';
import type { ReactNode } from 'react';

/**
 * '/' : the landing page when signed out, `home` (the member's feed, composed by the route) when signed in, and a loading
 * indicator while the session is still unknown (the auth feature resolves it). A browser without
 * the session hint cookie starts signed out, so first-time visitors never see the indicator, and
 * the server renders the landing for them. `headlineSeed` (0 ≤ seed < 1) picks the random headline;
 * the route's loader draws it so the server's pick and the hydrating render's are the same.
 */
export function LandingPage({ headlineSeed, home }: { headlineSeed?: number; home: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  if (status === 'unknown') return <PageSpinner />;
  return status === 'signedIn' ? home : <MarketingLanding headlineSeed={headlineSeed} />;
}
