// The public pages load first-paint-styles.ts and the rest of the app adds app-styles.ts:
// together they must hold every sheet of Mantine's, each once, or a part would show unstyled
// (or be parsed twice, which is what the split is for).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const sheetsImportedBy = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/@mantine\/core\/styles\/([\w.-]+)\.layer\.css/g)].map(
    (match) => match[1]!,
  );

describe("Mantine's sheets", () => {
  it('are each loaded once by the first paint or by the app', () => {
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
      ...sheetsImportedBy('src/app/app-styles.ts'),
    ];
    expect(loaded.length).toBe(new Set(loaded).size);
    expect([...loaded].sort()).toEqual(mantine);
  });
});
