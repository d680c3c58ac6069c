// Spec §2: a hash anchor scrolls to its element 100 px below the top (clear of the fixed
// header); any other navigation starts at the top (the router does that part).
import type { AnyRouter } from '@tanstack/react-router';

export const SCROLL_OFFSET_PX = 100;

export function scrollToAnchor(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const element = id ? document.getElementById(id) : null;
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), left: 0 });
  return true;
}

export function installAnchorScrolling(router: AnyRouter): () => void {
  return router.subscribe('onRendered', ({ toLocation }) => {
    if (toLocation.hash) scrollToAnchor(toLocation.hash);
  });
}
