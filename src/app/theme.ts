// Risiti's look: its green (#0b7a53) as the primary colour, system fonts (nothing to download
// on a slow connection) and inputs large enough for thumbs on a 360 px phone.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

export const RISITI_GREEN = '#0b7a53';

const risiti: MantineColorsTuple = [
  '#e7f7f0',
  '#cfeee1',
  '#9fdcc3',
  '#6bc9a3',
  '#41b988',
  '#26ab77',
  '#12955f',
  '#0b7a53',
  '#086445',
  '#044d34',
];

export const theme = createTheme({
  primaryColor: 'risiti',
  primaryShade: { light: 7, dark: 5 },
  colors: { risiti },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Button: {
      defaultProps: { size: 'md' },
      // A long label (Swahili ones often are) wraps onto a second line on a narrow phone
      // instead of being cut off.
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)' },
        inner: { minHeight: 'calc(var(--button-height) - 2px)' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
      },
    },
  },
});
