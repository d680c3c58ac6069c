// A prerendered page (scripts/prerender.mjs) paints with the CSS rules its first paint uses,
// inlined, and loads the app's stylesheets as `media="print"` so that they do not hold that
// paint. Each is applied here once it has loaded: the live page needs all of it (menus, dialogs,
// other pages). A page the build did not prerender links its stylesheets as usual.
const DEFERRED = 'data-beasties-media';

export function applyDeferredStyles(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED}]`)) {
    const apply = () => {
      link.media = link.getAttribute(DEFERRED) ?? 'all';
      link.removeAttribute(DEFERRED);
    };
    // A sheet is there once loaded, whatever its media.
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}
