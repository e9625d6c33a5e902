import { MantineContext, MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ContextType, ReactNode } from 'react';
import { QueryClientOnDemand } from '../shared/api/queryClientOnDemand';
import { NotificationsOnDemand } from '../shared/ui/NotificationsOnDemand';
import { theme as appTheme } from './theme';

type AppProvidersProps = {
  /** A test's own query client; the app's loads on demand (decision 700). */
  queryClient?: QueryClient;
  children: ReactNode;
  /** The app's theme unless a test needs another (jsdom cannot measure popover targets). */
  theme?: MantineThemeOverride;
};

/**
 * What `MantineProvider` gives its components, light scheme only, without its code: the theme's
 * CSS variables and breakpoint classes are written at build time (`themeStylesheet.ts`), and
 * `index.html` sets `data-mantine-color-scheme` (decision 701).
 */
const mantineContext: ContextType<typeof MantineContext> = {
  colorScheme: 'light',
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
  deduplicateInlineStyles: false,
};

/** Everything a page needs around it except the router (tests wrap a memory router in it). */
export function AppProviders({ queryClient, children, theme = appTheme }: AppProvidersProps) {
  return (
    <MantineContext value={mantineContext}>
      <MantineThemeProvider theme={theme}>
        <NotificationsOnDemand />
        <QueryClientOnDemand client={queryClient}>{children}</QueryClientOnDemand>
      </MantineThemeProvider>
    </MantineContext>
  );
}
