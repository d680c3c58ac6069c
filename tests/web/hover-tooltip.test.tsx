// A row's sync mark draws its Mantine tooltip when a mouse first comes over it, not with the row.
import { Badge, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HoverTooltip } from '../../src/app/HoverTooltip';
import { theme } from '../../src/app/theme';

const inApp = (children: ReactNode) =>
  render(<MantineProvider theme={theme}>{children}</MantineProvider>);

describe("a row's sync mark", () => {
  const mark = () =>
    inApp(
      <HoverTooltip label="Saved on this phone.">
        <Badge data-testid="mark">Waiting</Badge>
      </HoverTooltip>,
    );

  it('shows its explanation while a mouse is over it', async () => {
    mark();
    expect(screen.queryByText('Saved on this phone.')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('mark'), { pointerType: 'mouse' });
    expect(await screen.findByText('Saved on this phone.')).toBeTruthy();
    fireEvent.pointerLeave(screen.getByTestId('mark'), { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByText('Saved on this phone.')).toBeNull());
    fireEvent.pointerEnter(screen.getByTestId('mark'), { pointerType: 'mouse' });
    expect(await screen.findByText('Saved on this phone.')).toBeTruthy();
  });

  it('does not open on a touch, as Mantine tooltips do not', async () => {
    mark();
    fireEvent.pointerEnter(screen.getByTestId('mark'), { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Saved on this phone.')).toBeNull();
  });
});
