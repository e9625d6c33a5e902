import type { MantineThemeOverride } from '@mantine/core';
import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../shared/api/queryClient';
import { createTestRouter } from './memoryRouter';

/** Renders routes in a memory router (as the app routes, declaratively) inside the app's providers; returns the router to inspect. */
export function renderRoutes(routes: RouteObject[], initialEntry: string, theme?: MantineThemeOverride) {
  const { router, element } = createTestRouter(routes, [initialEntry]);
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} theme={theme}>
      {element}
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
