import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../shared/api/queryClient';
import { createTestRouter } from './memoryRouter';

/** Renders routes in a memory router (as the app routes, declaratively) inside the app's providers; returns the router to inspect. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const { router, element } = createTestRouter(routes, [initialEntry]);
  const queryClient = createQueryClient();
  const result = render(<AppProviders queryClient={queryClient}>{element}</AppProviders>);
  return { ...result, router, queryClient };
}
