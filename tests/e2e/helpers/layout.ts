// What a person on a narrow phone would see as broken: the page scrolling sideways, a control
// whose label or value is cut off, or text cut short with "…". Read off the rendered page.
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'page scrolls sideways' | 'cut off' | 'outside the screen';
  what: string;
}

/**
 * Problems on the page as it is now rendered. Hidden elements are ignored, and so is what lies
 * beyond the screen inside something that scrolls sideways; a label cut short is not, there too.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  // Compilers that keep function names wrap them in a helper the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(() => {
    const problems: Array<{ kind: LayoutProblem['kind']; what: string }> = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push({
        kind: 'page scrolls sideways',
        what: `${document.documentElement.scrollWidth}px wide on a ${width}px screen`,
      });
    }
    const describe = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).value ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Zero-sized, or 1 px text for screen readers only (visually hidden).
      if (box.width <= 1 || box.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    /** Inside something that scrolls sideways on purpose (a wide table, a tab strip). */
    const inScroller = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && node !== document.body) {
          return true;
        }
      }
      return false;
    };
    const seen = new Set<string>();
    const add = (kind: LayoutProblem['kind'], element: Element) => {
      const what = describe(element);
      const key = `${kind}|${what}`;
      if (seen.has(key)) return;
      seen.add(key);
      problems.push({ kind, what });
    };
    for (const element of document.querySelectorAll('body *')) {
      if (!visible(element) || element.closest('[aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.right > width + 1 && style.position !== 'fixed' && !inScroller(element)) {
        add('outside the screen', element);
        continue;
      }
      const clips = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      const hasText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      const isField =
        element instanceof HTMLInputElement &&
        !['hidden', 'checkbox', 'radio', 'file'].includes(element.type);
      if (isField) {
        const input = element;
        // A chosen value wider than its field: measured with the field's own font.
        const canvas = document.createElement('canvas').getContext('2d');
        // Only a chosen option (a select shows it read-only): typed text may scroll in its box.
        if (canvas && input.value && input.readOnly) {
          canvas.font = style.font;
          const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
          if (canvas.measureText(input.value).width > input.clientWidth - padding + 1) {
            add('cut off', element);
          }
        }
        continue;
      }
      // Text kept on one line that spills out of its box runs into what is beside it.
      if (
        !clips &&
        hasText &&
        style.whiteSpace === 'nowrap' &&
        style.overflowX === 'visible' &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.closest('[role="radiogroup"], [class*="Button-label"], [class*="Badge"]')
      ) {
        add('cut off', element);
        continue;
      }
      if (clips && hasText && element.scrollWidth > element.clientWidth + 1) {
        // A long name cut to one line in a list is fine while most of it shows (the whole
        // record is a tap away); a control's label, a badge or a few letters are not.
        const control = element.closest('[class*="Button-label"], [class*="Badge"], label');
        if (control || element.clientWidth < 160) add('cut off', element);
      }
    }
    return problems;
  });
}
