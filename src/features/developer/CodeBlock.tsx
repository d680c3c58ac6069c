// A block of code that scrolls inside itself, sideways and down, so the page never does; it
// takes the keyboard focus so people without a mouse can scroll it too.
import { Box } from '@mantine/core';

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      m={0}
      p="sm"
      bg="gray.0"
      fz="sm"
      lh={1.5}
      style={{
        overflow: 'auto',
        maxWidth: '100%',
        maxHeight: '24rem',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        fontFamily: 'var(--mantine-font-family-monospace)',
      }}
    >
      <code>{code}</code>
    </Box>
  );
}
