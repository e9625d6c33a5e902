import {
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Mantine's grays with shade 6 darkened. Shade 6 is the `dimmed` text colour (and the grey of
 * secondary labels); Mantine's #868e96 reads at 3.3:1 on white, under the 4.5:1 WCAG AA asks of
 * text. #626970 keeps 4.5:1 on every light surface the app draws text on, up to gray.2 (decision 210).
 */
const gray: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.gray.slice(0, 6) as [string, string, string, string, string, string]),
  '#626970',
  ...(DEFAULT_THEME.colors.gray.slice(7) as [string, string, string]),
];

/**
 * Mantine's reds with shades 6 to 9 darkened: shade 6 is the error colour of inputs and 7 the
 * app's error text and danger buttons; Mantine's read at 3.3:1 and 3.8:1 on white. These keep
 * 4.9:1 and 5.5:1 (decision 210).
 */
const red: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.red.slice(0, 6) as [string, string, string, string, string, string]),
  '#d62c2c',
  '#c92a2a',
  '#b02525',
  '#9b1f1f',
];

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  colors: { gray, red },
  defaultRadius: 'md',
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A spinner is an indeterminate progress bar: the role lets its aria-label name it (a
    // labelled span with no role is an ARIA error), decision 210.
    Loader: { defaultProps: { role: 'progressbar' } },
    // A toast's close button is an icon: without a name it is a nameless button to assistive
    // technology (axe button-name, critical).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // The same for the clear button of every clearable input (a day, a select, a file): an icon
    // Mantine leaves unnamed. A field may name it more precisely (`clearButtonProps`).
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    // Every menu opens on its first item and owns only items and labels: Mantine's focusable
    // placeholder is a child a menu may not have (axe aria-required-children, serious).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** WCAG 2.x relative luminance of a #rgb or #rrggbb colour, or of Mantine's rgba() output. */
export function luminance(color: string): number {
  const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, (digit) => digit + digit) : color;
  const channels = hex.startsWith('#')
    ? [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
    : (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = channels.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2.1 AA for text under 24 px (18.66 px bold). */
export const AA_TEXT = 4.5;

/**
 * The text colour of the `light` variant (badges, light buttons, alerts). Mantine draws shade 9
 * on shade 1, and on shade 2 when hovered: green reads at 3.4:1, teal 3.8:1, indigo 4.1:1, under
 * AA. This darkens shade 9 until it reads at 4.5:1 on shade 2, so on shade 1 too (decision 230).
 */
export function readableLightColor(colors: MantineColorsTuple): string {
  let color = colors[9];
  for (let amount = 0.05; contrast(color, colors[2]) < AA_TEXT && amount < 1; amount += 0.05) {
    color = darken(colors[9], amount);
  }
  return color;
}

/** The light variant's text colour for every colour of the theme, light scheme only. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: Object.fromEntries(
    Object.entries(resolved.colors).map(([name, colors]) => [
      `--mantine-color-${name}-light-color`,
      readableLightColor(colors),
    ]),
  ),
  dark: {},
});
