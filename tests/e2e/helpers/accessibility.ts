// WCAG 2 A and AA checks of the page as it is on screen, by axe-core (the engine Lighthouse's
// accessibility score uses): each problem as its rule and the first elements it names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  targets: string[];
}

export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's Content-Security-Policy still holds
  // for the app itself.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<any> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return (
      result.violations as Array<{ id: string; nodes: Array<{ target: string[]; html: string }> }>
    ).map((violation) => ({
      id: violation.id,
      targets: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
  });
  return (violations as Violation[]).map((v) => `${v.id}: ${v.targets.join(' | ')}`);
}
