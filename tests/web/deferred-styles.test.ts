// A prerendered page's stylesheets, deferred so as not to hold its first paint, apply to the
// live page once each has loaded, and not before (an unloaded sheet switched on would hold
// the page's rendering as a blocking one does).
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles } from '../../src/app/deferred-styles';

function deferredLink(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = 'print';
  link.setAttribute('data-beasties-media', 'all');
  document.head.append(link);
  return link;
}

afterEach(() => document.head.replaceChildren());

describe('deferred stylesheets', () => {
  it('applies each stylesheet when it has loaded', () => {
    const app = deferredLink('/assets/index.css');
    const part = deferredLink('/assets/part.css');
    applyDeferredStyles();
    expect([app.media, part.media]).toEqual(['print', 'print']);

    app.dispatchEvent(new Event('load'));
    expect(app.media).toBe('all');
    expect(app.hasAttribute('data-beasties-media')).toBe(false);
    expect(part.media).toBe('print');

    part.dispatchEvent(new Event('load'));
    expect(part.media).toBe('all');
  });

  it('leaves the stylesheets of a page the build did not prerender as they are', () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/index.css';
    document.head.append(link);
    applyDeferredStyles();
    link.dispatchEvent(new Event('load'));
    expect(link.media).toBe('');
  });
});
