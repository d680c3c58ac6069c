// Vite plugin, run by the app's build (vite.config.ts). Mantine's `useId` (@mantine/hooks)
// starts from React's id and, in a layout effect after mounting, replaces it with a random one:
// a second render of every Mantine part with an id (the shell, each field, each menu) within
// the page's first commit, before its first paint, which also ran every effect that commit had
// waiting. React's id is unique within the app's one root and the same in a prerendered page
// and its hydration: the build drops that update, and each part keeps the id it started with.
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;

/** The update that replaces the first id with a random one. */
const RANDOM_ID_UPDATE = 'setUuid(randomId());';

export default function stableMantineIds(): Plugin {
  return {
    name: 'risiti:stable-mantine-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      // As it reads today: a Mantine release that changes it is looked at.
      if (!code.includes(RANDOM_ID_UPDATE) || !code.includes('useState(`mantine-${reactId')) {
        this.error(`${id} is not the useId this build changes: see src/app/stable-mantine-ids.ts`);
      }
      return { code: code.replace(RANDOM_ID_UPDATE, ''), map: null };
    },
  };
}
