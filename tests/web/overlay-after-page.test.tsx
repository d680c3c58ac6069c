// The header's menus and the search tips are their buttons alone in a page's first render, so
// that its first commit renders nothing a second time; the rest is drawn just after the page,
// or at once when the button is tapped first.
import { MantineProvider, Menu, Popover } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MenuAfterPage, PopoverAfterPage } from '../../src/app/OverlayAfterPage';
import { theme } from '../../src/app/theme';

const inApp = (children: ReactNode) =>
  render(<MantineProvider theme={theme}>{children}</MantineProvider>);

const helpMenu = () => (
  <MenuAfterPage target={<button type="button">Help</button>}>
    <Menu.Dropdown>
      <Menu.Item>Take the tour</Menu.Item>
    </Menu.Dropdown>
  </MenuAfterPage>
);

describe('a menu on the first view', () => {
  it('is its button alone at first, and the menu just after', async () => {
    inApp(helpMenu());
    const button = screen.getByRole('button', { name: 'Help' });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-haspopup')).toBe(
        'menu',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('menuitem', { name: 'Take the tour' })).toBeTruthy();
  });

  it('opens at once when its button is tapped before the menu is drawn', async () => {
    inApp(helpMenu());
    const button = screen.getByRole('button', { name: 'Help' });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    act(() => fireEvent.click(button));
    expect(await screen.findByRole('menuitem', { name: 'Take the tour' })).toBeTruthy();
  });

  it('works the same for a popover', async () => {
    inApp(
      <PopoverAfterPage target={<button type="button">Search tips</button>}>
        <Popover.Dropdown>Type the start of a name.</Popover.Dropdown>
      </PopoverAfterPage>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search tips' })));
    expect(await screen.findByText('Type the start of a name.')).toBeTruthy();
  });
});
