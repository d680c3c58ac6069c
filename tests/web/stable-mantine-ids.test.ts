// The build keeps the ids Mantine's parts start with (src/app/stable-mantine-ids.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import stableMantineIds from '../../src/app/stable-mantine-ids';

describe("the build's plugin for Mantine's ids", () => {
  // The module Vite bundles (package.json's "module" entry imports it).
  const file = path.resolve('node_modules/@mantine/hooks/esm/use-id/use-id.mjs');
  const plugin = stableMantineIds();
  const transform = (code: string, id: string) => {
    const errors: string[] = [];
    const hook = plugin.transform as (
      this: { error(message: string): never },
      code: string,
      id: string,
    ) => { code: string } | null;
    try {
      return hook.call(
        {
          error: (message: string) => {
            errors.push(message);
            throw new Error(message);
          },
        },
        code,
        id,
      );
    } catch {
      return { errors };
    }
  };

  it("drops the update that replaces React's id with a random one", () => {
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('setUuid(randomId());');
    const result = transform(source, file) as { code: string };
    expect(result.code).not.toContain('setUuid(');
    expect(result.code).toContain('useState(`mantine-${reactId');
  });

  it('leaves every other module alone, and stops the build if Mantine changes its useId', () => {
    expect(
      transform('export const x = 1;', '/app/node_modules/@mantine/core/esm/x.mjs'),
    ).toBeNull();
    const changed = transform('export function useId() {}', file) as { errors: string[] };
    expect(changed.errors[0]).toContain('is not the useId this build changes');
  });
});
