import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageSpinner } from '../feedback/page-spinner';

/** The root shell of spec section 2: everything around the routed page. */
export function AppShell() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <main id="main">
        <Outlet />
      </main>
    </Suspense>
  );
}
