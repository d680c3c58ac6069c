import fs from 'node:fs';

/** The system Chromium: CHROMIUM_PATH, else the usual install locations; null when none. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}
