// A part the build's prerendered pages cannot hold, such as a lazy one loaded only once the first
// page is shown (the toasts, the update prompt, the registration form): rendered as `fallback`
// (nothing by default) on the server and while the browser hydrates the page, then as its
// children. A lazy part that suspended there would make React drop that boundary's server HTML
// and report it as a hydration error.
import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

export function BrowserOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
