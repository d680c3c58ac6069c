// Every page loads first-paint-styles.ts, the public pages add public-styles.ts and the rest of
// the app app-styles.ts (which imports public-styles.ts): together they must hold every sheet of
// Mantine's, each once, or a part would show unstyled (or be parsed twice, which is what the
// split is for).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const sheetsImportedBy = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/@mantine\/core\/styles\/([\w.-]+)\.layer\.css/g)].map(
    (match) => match[1]!,
  );

describe("Mantine's sheets", () => {
  it('are each loaded once by the first paint, the public pages or the app', () => {
    const folder = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')),
      'styles',
    );
    const mantine = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.layer.css'))
      .map((name) => name.replace(/\.layer\.css$/, ''))
      .sort();
    const loaded = [
      ...sheetsImportedBy('src/app/first-paint-styles.ts'),
      ...sheetsImportedBy('src/app/public-styles.ts'),
      ...sheetsImportedBy('src/app/app-styles.ts'),
    ];
    expect(fs.readFileSync('src/app/app-styles.ts', 'utf8')).toContain("import './public-styles';");
    expect(loaded.length).toBe(new Set(loaded).size);
    expect([...loaded].sort()).toEqual(mantine);
  });
});
