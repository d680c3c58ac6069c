import './app/first-paint-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  activateLocale,
  ALL_PARTS,
  currentLocale,
  i18n,
  initialLocale,
  LANGUAGE_KEY,
} from './i18n/i18n';
import { AppRoot } from './app/AppRoot';
import { prepareDateFormats } from './app/dates';
import { applyDeferredStyles } from './app/deferred-styles';
import { nextTask } from './app/next-task';
import { createAppRouter } from './app/router';
import { useSession } from './stores/session';

applyDeferredStyles();

const root = document.getElementById('root')!;
/** The language of the page the server sent, read before the app sets its own on `<html>`. */
const drawnIn = document.documentElement.lang;

/**
 * Whether React owns every control on the page. Hydration commits the frame first and takes
 * over the router's Suspense boundaries (the page itself) in later, low-priority passes.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
const CONTROLS = 'a, button, input, select, textarea';
const controlsLive = () =>
  [...root.querySelectorAll(CONTROLS)].every((control) =>
    Object.keys(control).some((key) => key.startsWith('__reactFiber$')),
  );
/** Lifts `inert` once the live page has taken over all of it (within about two seconds). */
function whenLive(framesLeft = 120) {
  if (framesLeft === 0 || controlsLive()) root.removeAttribute('inert');
  else requestAnimationFrame(() => whenLive(framesLeft - 1));
}

// The start runs in a function, not at the top of this module: the build puts React and
// Mantine in this chunk, which every page's chunk imports, and a module still awaiting would
// keep those chunks, which the router loads below, from ever running.
async function start() {
  // A signed-in user's language is the account's; otherwise this device's last choice. A
  // visitor's page is a public or sign-in one: the router loads the public pages' texts if it
  // needs them (src/routes/__root.tsx).
  // Without its texts (not downloaded, not yet kept offline) the app starts in English rather
  // than not at all.
  const user = useSession.getState().user;
  await activateLocale(
    initialLocale(user?.language ?? localStorage.getItem(LANGUAGE_KEY)),
    user ? ALL_PARTS : ['first'],
  ).catch(() => activateLocale('en'));

  // Each step of the start in a task of its own (src/app/next-task.ts): evaluating the modules,
  // making the router, loading the page.
  await nextTask();
  const router = createAppRouter();
  await nextTask();

  // The page's code is loaded before the first render, so the app renders once, whole: a public
  // page's first paint from the build (scripts/prerender.mjs) is taken over as it is, and a
  // signed-in page shows no loader in between.
  const address = window.location.pathname;
  // A signed-in page shows dates: their formatters are made while its chunks load.
  if (useSession.getState().user) setTimeout(() => prepareDateFormats(currentLocale()), 0);
  // A failure (a chunk that did not load) is the router's to show, on its error screen.
  await router.load().catch(() => undefined);

  // The build drew public and sign-in pages for a visitor not signed in, in English and Swahili
  // (scripts/prerender.mjs); the server sent the copy in the language the app starts in. When the
  // page on screen is that one, for that visitor, React hydrates it: it takes over the HTML it
  // finds instead of building the page again, which on a phone was the longest task of the start
  // (the DOM built anew, then its styles and layout). Otherwise (another language chosen on this
  // device, a session kept here, the guard sending the visitor elsewhere) it renders anew over it.
  const hydrating =
    root.hasAttribute('inert') &&
    root.firstChild !== null &&
    drawnIn === i18n.locale &&
    useSession.getState().user === null &&
    router.state.location.pathname === address;
  // Rendered as the build rendered it: TanStack Router leaves out its root Suspense boundary when
  // it renders on a server, and when it hydrates (its own hydration sets `ssr`, as here).
  if (hydrating) Object.assign(router, { ssr: { manifest: undefined } });

  // The prerendered page is inert until the live one has taken it over, so nothing typed is lost.
  const app = <AppRoot router={router} onLive={whenLive} />;
  // As a transition, so React yields to the browser every few milliseconds instead of holding the
  // main thread for the whole first render (a slow phone's input waited on it).
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start();
