// A menu or popover on a page's first view (the header's Help and account menus, the search
// tips) is its button alone in the page's first render, and the Mantine menu or popover just
// after. Mantine's sets its state when it mounts (its anchor, its portal): that rendered it again
// within the page's first commit, before the first paint, and ran every effect the commit had
// waiting with it. The button looks the same either way; a tap on it before the rest is there
// draws it open.
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Menu, Popover, type MenuProps, type PopoverProps } from '@mantine/core';
import { useDrawnAfterPage } from './useDrawnAfterPage';

interface AfterPageProps {
  /** The button that opens it. */
  target: ReactElement<{ onClick?: () => void }>;
  /** Its dropdown. */
  children: ReactNode;
}

/** The button alone until drawn; `tapped` when a tap asked for it first. */
function useTarget(target: AfterPageProps['target']) {
  const [tapped, setTapped] = useState(false);
  const drawn = useDrawnAfterPage() || tapped;
  const alone = drawn ? null : cloneElement(target, { onClick: () => setTapped(true) });
  return { alone, tapped };
}

export function MenuAfterPage({
  target,
  children,
  ...props
}: AfterPageProps & Omit<MenuProps, 'children'>) {
  const { alone, tapped } = useTarget(target);
  return (
    alone ?? (
      <Menu {...props} defaultOpened={tapped}>
        <Menu.Target>{target}</Menu.Target>
        {children}
      </Menu>
    )
  );
}

export function PopoverAfterPage({
  target,
  children,
  ...props
}: AfterPageProps & Omit<PopoverProps, 'children'>) {
  const { alone, tapped } = useTarget(target);
  return (
    alone ?? (
      <Popover {...props} defaultOpened={tapped}>
        <Popover.Target>{target}</Popover.Target>
        {children}
      </Popover>
    )
  );
}
