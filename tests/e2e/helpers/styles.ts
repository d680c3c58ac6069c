// A Mantine part shown without its styles: the page loads only the Mantine sheets its screens
// need (src/app/first-paint-styles.ts on the public pages), so a part added to a public page
// without its sheet would show unstyled. Finds the Mantine classes on the page that Mantine's
// sheets define but none of the page's loaded sheets does.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

let defined: Set<string> | undefined;
function mantineClasses(): Set<string> {
  if (!defined) {
    const sheet = createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css');
    defined = new Set(fs.readFileSync(sheet, 'utf8').match(MANTINE_CLASS) ?? []);
  }
  return defined;
}

export async function unstyledParts(page: Page): Promise<string[]> {
  const { shown, styled } = await page.evaluate(() => {
    const shown = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name)) shown.add(name);
    }
    let text = '';
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) text += rule.cssText;
    }
    return { shown: [...shown], styled: text };
  });
  const present = new Set(styled.match(MANTINE_CLASS) ?? []);
  const known = mantineClasses();
  return shown
    .filter((name) => known.has(name) && !present.has(name))
    .map((name) => `Mantine part without its styles: .${name}`);
}
