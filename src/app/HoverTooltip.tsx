// A tooltip for a mark every row of a list carries (a record's sync state). Mantine's Tooltip
// sets its state as it mounts (its id, its portal, its anchor): with twenty rows on screen, sixty
// updates that rendered the list's rows again within its first commit, before the first paint,
// and again for the rows each scroll brings. This one is the mark alone until a mouse first
// comes over it; the Mantine tooltip is drawn then, open. As Mantine's by default, it answers
// a mouse, not a touch.
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';

interface HoverHandlers {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
}

export function HoverTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'opened'> & { children: ReactElement<HoverHandlers> }) {
  const [drawn, setDrawn] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      setDrawn(true);
      setOpened(true);
    },
    onPointerLeave: () => setOpened(false),
  });
  if (!drawn) return target;
  return (
    <Tooltip {...props} opened={opened}>
      {target}
    </Tooltip>
  );
}
