import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page is made to be used with no connection (the ticket wallet shown at a door with no signal): going
     * offline there shows the small offline banner, never the overlay that blocks the page.
     */
    worksOffline?: boolean;
  }
}

/** Whether the page on screen is one of those made for use offline. */
export function useWorksOffline(): boolean {
  return useMatches({ select: (matches) => matches.some((match) => match.staticData.worksOffline === true) });
}
