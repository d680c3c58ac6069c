// Whether the page on screen is one of the app's own, or a customer's receipt page, which a
// customer opens from a link on a phone the app is not installed on.
import type { StaticDataRouteOption } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * false on a page a customer opens from a link (a receipt): the app is not installed on
     * their phone for offline work (a megabyte on their line) by visiting it.
     */
    installsApp?: boolean;
  }
}

/** A router state selector: false while a customer's receipt page is on screen. */
export function pageInstallsApp(state: {
  matches: ReadonlyArray<{ staticData: StaticDataRouteOption }>;
}): boolean {
  return state.matches.every((match) => match.staticData.installsApp !== false);
}
