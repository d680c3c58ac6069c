/** Button labels that wrap onto a second line on a narrow phone instead of being cut. */
export const WRAPPING_BUTTON = {
  h: 'auto',
  mih: 40,
  py: 6,
  px: 'sm',
  styles: { label: { whiteSpace: 'normal', lineHeight: 1.25 } },
} as const;
