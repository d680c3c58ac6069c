// The header's account menu, as a user opens it: once the page has drawn it (its button then
// says it opens a menu), and its items found by their text inside the open menu. A role query
// over a whole screen computes every element's style in jsdom and can outlast its wait on a
// busy machine.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Opens the account menu and chooses `item` in it. */
export async function chooseInUserMenu(item: string): Promise<void> {
  // The page first draws the button alone and swaps in the menu's own just after.
  await waitFor(() =>
    expect(screen.getByTestId('user-menu').getAttribute('aria-haspopup')).toBe('menu'),
  );
  await userEvent.click(screen.getByTestId('user-menu'));
  const text = await screen.findByText(item, { selector: '[role=menu] *' });
  await userEvent.click(text.closest('[role=menuitem]')!);
}
