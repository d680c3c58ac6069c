import './app/first-paint-styles';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { activateLocale, i18n, initialLocale, LANGUAGE_KEY } from './i18n/i18n';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { useSession } from './stores/session';

// A signed-in user's language is the account's; otherwise this device's last choice.
await activateLocale(
  initialLocale(useSession.getState().user?.language ?? localStorage.getItem(LANGUAGE_KEY)),
);

const router = createAppRouter();
const container = document.getElementById('root')!;

// A public page the server sent already rendered (scripts/prerender.mjs: English, signed out).
// Its route's chunks are loaded first, so the first render is that page and not a blank
// pending one, then React takes over the markup when this visit renders the same page; a
// signed-in visitor (sent on by the guard) or another language is rendered over it instead.
const prerendered = container.dataset.prerendered;
if (prerendered) await router.load();
if (
  prerendered &&
  prerendered === router.state.location.pathname &&
  !router.state.location.searchStr &&
  i18n.locale === 'en'
) {
  hydrateRoot(container, <App router={router} />);
} else {
  createRoot(container).render(<App router={router} />);
}
