import { useSessionStore } from '../../../lib/session';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { MarketingLanding } from './marketing-landing';
import { FeedTeaser } from './feed-teaser';

/**
 * '/' : the landing page when signed out, the home feed teaser when signed in, and a loading
 * indicator while the session is still unknown (the auth feature resolves it).
 */
export function LandingPage() {
  const status = useSessionStore((state) => state.status);
  if (status === 'unknown') return <PageSpinner />;
  return status === 'signedIn' ? <FeedTeaser /> : <MarketingLanding />;
}
