// Risiti's look: its green (#0b7a53) as the primary colour, system fonts (nothing to download
// on a slow connection) and inputs large enough for thumbs on a 360 px phone.
import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

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

/**
 * Text on a light tint (status badges, light buttons) in the colour's darkest shade, darkened
 * further where that is still light (green, yellow, orange, teal): Mantine's default is shade
 * 6, which falls to 2:1 against its own tint, below the 4.5:1 WCAG AA asks.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  const darkest = parsed.isThemeColor ? input.theme.colors[parsed.color]?.[9] : undefined;
  if (!darkest) return colors;
  const text = luminance(darkest) > 0.1 ? darken(darkest, 0.3) : darkest;
  return { ...colors, color: text, hoverColor: text };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'risiti',
  primaryShade: { light: 7, dark: 5 },
  colors: { risiti },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A coloured title on its own light tint (yellow on pale yellow) is hard to read in the
    // sun; the icon and the tint carry the colour, the words stay in the text colour.
    // A table wider than the phone scrolls sideways; keyboard users reach it with Tab.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // Links inside a sentence are underlined, not told apart by their colour alone.
    Anchor: { defaultProps: { underline: 'always' } },
    // Its placeholder is the only text in the field until a file is chosen.
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // A closed list of choices is not kept on the page: kept (hidden), each one was placed
    // under its field as the page mounted, which made the browser lay out the new page in the
    // middle of its first commit, and its options were in the DOM for nothing.
    Combobox: { defaultProps: { keepMounted: false } },
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

/**
 * A warning in words (no connection, figures not up to date, a balance still open): an orange
 * dark enough to read, 5.9:1 against white and 5.4:1 on an orange tint. Mantine's orange 8 and
 * 9 give 3.6:1 and 4.3:1, below the 4.5:1 WCAG AA asks of text.
 */
export const WARNING_TEXT = 'var(--risiti-warning-text)';

/**
 * Secondary text (descriptions, hints, "+255" before a phone number) in gray 7, not Mantine's
 * gray 6: 7.5:1 against white instead of 3.3:1, readable on a cheap screen outdoors (WCAG AA
 * asks 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--risiti-warning-text': '#b33c0c',
  },
  dark: { '--risiti-warning-text': 'var(--mantine-color-orange-4)' },
});
