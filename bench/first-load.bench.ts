// What a phone downloads before the first page shows: the scripts and styles index.html loads
// (route chunks come later, from the service worker's precache once installed). Fails over the
// budget, so a heavy import into the shell is noticed. Needs `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Gzipped KiB allowed for the first load (today about 199). */
const BUDGET_KIB = 230;

const web = path.resolve('dist/web');
const indexHtml = path.join(web, 'index.html');
if (!fs.existsSync(indexHtml)) {
  console.error('dist/web is missing: run npm run build first.');
  process.exit(1);
}
const html = fs.readFileSync(indexHtml, 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (match) => match[1]!,
);
let raw = 0;
let gzip = 0;
const rows: { file: string; gzip: number }[] = [];
for (const file of files) {
  const bytes = fs.readFileSync(path.join(web, file));
  const zipped = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  rows.push({ file, gzip: zipped });
}
rows.sort((a, b) => b.gzip - a.gzip);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
for (const row of rows.slice(0, 5)) console.log(`  ${kib(row.gzip).padStart(6)} KiB  ${row.file}`);
console.log(
  `first load: ${files.length} files, ${kib(raw)} KiB raw, ${kib(gzip)} KiB gzip (budget ${BUDGET_KIB} KiB)`,
);
const precache = fs.readFileSync(path.join(web, 'sw.js'), 'utf8').match(/"revision"/g)?.length ?? 0;
console.log(`service worker precache: ${precache} entries`);
if (gzip / 1024 > BUDGET_KIB) {
  console.error(`Over budget by ${kib(gzip - BUDGET_KIB * 1024)} KiB`);
  process.exit(1);
}
