// Times a search in a list screen of the built app, for the list benches: from the text typed
// into the search field until the list's count changed and the next frame was painted.
import type { Page } from 'playwright-core';

/** Types `text` into the list's search and times until `countTestId`'s text changes. */
export function searchTime(page: Page, countTestId: string, text: string): Promise<number> {
  return page.evaluate(
    async ([id, query]) => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      const count = document.querySelector(`[data-testid="${id}"]`)!;
      const before = count.textContent;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      // Watched before the key is typed: a list that answers at once changes the count within
      // the input event itself.
      const changed = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (count.textContent !== before) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(count, { childList: true, characterData: true, subtree: true });
      });
      const start = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await changed;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    [countTestId, text] as const,
  );
}
