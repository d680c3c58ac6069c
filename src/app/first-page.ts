// Settles once the router has shown its first page. What a first visit does not show (the
// toasts' container, the update prompt) is loaded after it, so its chunks do not compete with
// the page's own on a slow line.
import type { AnyRouter } from '@tanstack/react-router';

let settle: () => void = () => undefined;
export const firstPageShown = new Promise<void>((resolve) => (settle = resolve));

export function watchFirstPage(router: AnyRouter): void {
  const stop = router.subscribe('onResolved', () => {
    stop();
    settle();
  });
}
