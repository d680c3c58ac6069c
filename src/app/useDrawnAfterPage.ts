// Some parts of a page are not on its first view: the phone's menu, off screen until opened, and
// the dialogs and panels that wait closed. Mantine's components set their ids in an effect after
// mounting, which renders each of them again within the page's first commit. Drawn in a render
// of their own just after the page (a transition, in a task of its own), they leave the page's
// first render, style and layout that much less to do.
import { startTransition, useEffect, useState } from 'react';

/** False on the first render, unless `drawnAtOnce` says otherwise; true just after it. */
export function useDrawnAfterPage(drawnAtOnce: () => boolean = () => false): boolean {
  const [drawn, setDrawn] = useState(drawnAtOnce);
  useEffect(() => {
    if (drawn) return;
    const timer = window.setTimeout(() => startTransition(() => setDrawn(true)), 0);
    return () => window.clearTimeout(timer);
  }, [drawn]);
  return drawn;
}
