// Vite plugin, run by the app's build (vite.config.ts). Rollup folds small chunks with no side
// effects into a chunk loaded under the same conditions (`experimentalMinChunkSize`), and the
// entry is loaded before every page: helpers that only signed-in screens import ended up in the
// script every visitor's first load waits for. The modules below are marked as having side
// effects, which keeps them in chunks of their own that only the pages using them load. Each
// was measured (`bench/first-load.bench.ts`): together they take 3.3 KiB (Brotli) off a first
// visit to /login, which keeps its 12 files. Marking others as well (the admin lists' filter, the
// choice cards, the customer formats) made Rollup merge less around them: /login got two more
// files and 0.6 KiB more, so they stay folded.
import type { Plugin } from 'vite';

const SIGNED_IN_ONLY = [
  'domain/errors.ts', // the whole catalogue; the pages before sign-in use domain/visitor-errors.ts
  'domain/payments.ts',
  'domain/quantity.ts',
  'domain/record-messages.ts',
  'src/api/admin.ts',
  'src/features/admin/useServerData.ts',
  'src/features/customers/labels.ts',
];

export default function signedInApart(): Plugin {
  return {
    name: 'risiti:signed-in-apart',
    transform(code, id) {
      if (!SIGNED_IN_ONLY.some((file) => id.endsWith(`/${file}`))) return null;
      return { code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}
