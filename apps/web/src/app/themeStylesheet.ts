import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
// With its extension: `vite.config.ts` loads this module in Node (Vite's native config loader
// resolves no extensionless relative import).
import { cssVariablesResolver, theme } from './theme.ts';

/*
 * The stylesheet `MantineProvider` writes into the page at run time, written at build time
 * instead (decision 701): the theme's CSS variables (those that differ from Mantine's defaults,
 * which `default-css-variables.css` sets) and the `hiddenFrom`/`visibleFrom` classes. The build
 * (`vite.config.ts`, `themeStylesheetModule`) imports it as a stylesheet of the entry; the app
 * renders Mantine's contexts without the provider's code (`AppProviders`). It runs in Node, never
 * in the browser. `themeStylesheet.test.ts` checks it is what `MantineProvider` writes.
 */

const defaults = defaultCssVariablesResolver(DEFAULT_THEME);

/** Only what differs from Mantine's defaults (`removeDefaultVariables` of `MantineCssVariables`). */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const differing = (scheme: 'variables' | 'light' | 'dark') => {
    const mantine: Record<string, string | undefined> = defaults[scheme];
    return Object.fromEntries(
      Object.entries(input[scheme]).filter(([name, value]) => mantine[name] !== value),
    );
  };
  return { variables: differing('variables'), light: differing('light'), dark: differing('dark') };
}

/** `MantineClasses`: each breakpoint's `mantine-visible-from-*` and `mantine-hidden-from-*`. */
function breakpointClasses(breakpoints: Record<string, string>): string {
  return Object.entries(breakpoints)
    .map(([name, breakpoint]) => {
      const value = px(breakpoint) as number;
      const isPx = breakpoint.includes('px');
      const below = isPx ? `${value - 0.1}px` : em(value - 0.1);
      const from = isPx ? `${value}px` : em(value);
      return (
        `@media (max-width: ${below}) {.mantine-visible-from-${name} {display: none !important;}}` +
        `@media (min-width: ${from}) {.mantine-hidden-from-${name} {display: none !important;}}`
      );
    })
    .join('');
}

/** The app theme's stylesheet, as `MantineProvider` would write it (light scheme). */
export function themeStylesheet(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  return `${convertCssVariables(withoutDefaults(variables))}\n${breakpointClasses(merged.breakpoints)}\n`;
}
