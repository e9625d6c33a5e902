import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsOnDemand } from '../shared/ui/NotificationsOnDemand';
import { theme as appTheme, cssVariablesResolver } from './theme';

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** The app's theme unless a test needs another (jsdom cannot measure popover targets). */
  theme?: MantineThemeOverride;
};

/** Everything a page needs around it except the router (tests wrap a memory router in it). */
export function AppProviders({ queryClient, children, theme = appTheme }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
