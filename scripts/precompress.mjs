// After `vite build`: moves the source maps out of the served folder (dist/web → dist/sourcemaps,
// same paths, for debugging a stack trace; the server never publishes them), then writes a .br
// (Brotli, best quality) and a .gz (gzip -9) beside each text file of the built app, kept only
// when smaller. The server picks one by the browser's Accept-Encoding (server/static.ts).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const web = path.resolve('dist/web');
const maps = path.resolve('dist/sourcemaps');
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;
const MIN_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

if (!fs.existsSync(path.join(web, 'index.html'))) {
  console.error('dist/web is missing: run vite build first.');
  process.exit(1);
}

const files = fs
  .readdirSync(web, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.join(entry.parentPath, entry.name));

fs.rmSync(maps, { recursive: true, force: true });
let moved = 0;
for (const file of files.filter((f) => f.endsWith('.map'))) {
  const target = path.join(maps, path.relative(web, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(file, target);
  moved++;
}

let raw = 0;
let br = 0;
let gz = 0;
const todo = files.filter(
  (f) => COMPRESSIBLE.test(f) && !/\.(?:br|gz)$/.test(f) && fs.statSync(f).size >= MIN_BYTES,
);
await Promise.all(
  todo.map(async (file) => {
    const bytes = fs.readFileSync(file);
    const [b, g] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: 9 }),
    ]);
    raw += bytes.length;
    for (const [suffix, out] of [
      ['.br', b],
      ['.gz', g],
    ]) {
      fs.rmSync(file + suffix, { force: true });
      if (out.length < bytes.length) fs.writeFileSync(file + suffix, out);
    }
    br += Math.min(b.length, bytes.length);
    gz += Math.min(g.length, bytes.length);
  }),
);

const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(
  `precompressed ${todo.length} files: ${kib(raw)} → ${kib(br)} Brotli, ${kib(gz)} gzip; ` +
    `${moved} source maps moved to dist/sourcemaps`,
);
