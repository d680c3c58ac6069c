import { Group, Text } from '@mantine/core';
import { RISITI_GREEN } from './theme';

/** The receipt mark; public/favicon.svg and the app icons are drawn from the same shapes. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={RISITI_GREEN} />
      <path
        d="M18 14a2 2 0 0 1 2-2h24a2 2 0 0 1 2 2v38l-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5z"
        fill="#fff"
      />
      <path
        d="M24.5 31.5l5.5 5.5 10-11"
        fill="none"
        stroke={RISITI_GREEN}
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The mark and the name. `yielding`: where the row is too narrow for both, the name wraps onto a
 * second line that is not shown, so a header's buttons keep their room and the mark stays.
 */
export function Logo({ size = 32, yielding = false }: { size?: number; yielding?: boolean }) {
  return (
    <Group
      gap={8}
      wrap={yielding ? 'wrap' : 'nowrap'}
      h={yielding ? size : undefined}
      style={yielding ? { overflow: 'hidden', minWidth: size } : undefined}
    >
      <LogoMark size={size} />
      <Text component="span" fw={800} fz={size * 0.7} c="risiti.8" lh={1}>
        Risiti
      </Text>
    </Group>
  );
}
