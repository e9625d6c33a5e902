import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../shared/api/queryClient';
import { requestUrl } from '../../../test/api';
import { AccountSettingsPage } from '../components/AccountSettingsPage';
import { ForgotPasswordPage } from '../components/ForgotPasswordPage';
import { MergeAccountPage } from '../components/MergeAccountPage';
import { ProviderRedirectPage } from '../components/ProviderRedirectPage';
import { ResetPasswordPage } from '../components/ResetPasswordPage';
import { SignInPage } from '../components/SignInPage';
import { SignUpPage } from '../components/SignUpPage';
import { VerifyEmailPage } from '../components/VerifyEmailPage';

/** Stands for every page outside the auth area: shows where the router went. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

const authRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/merge-account', element: <MergeAccountPage /> },
  { path: '/google/redirect', element: <ProviderRedirectPage /> },
  { path: '/microsoft/redirect', element: <ProviderRedirectPage /> },
  { path: '/organization/:organizationSlug/account-settings', element: <AccountSettingsPage /> },
  { path: '/organization/:organizationSlug/account-settings/:tab', element: <AccountSettingsPage /> },
  { path: '*', element: <Elsewhere /> },
];

type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders the auth pages in a memory router inside the app's theme, notifications and query
 * client, without the lazy route table (so other areas' pages never load); every other path
 * renders a marker of the location. Mantine runs in its test environment (no transitions), so
 * dropdowns open at once.
 */
export function renderAuth(entry: Entry) {
  const router = createMemoryRouter(authRoutes, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export const tokenBody = {
  access_token: 'jwt-1',
  access_token_expires_at: '2030-01-01T00:00:00Z',
  user_id: '8b0a6c1e-1d1f-4c43-9a53-1f7e8d3c2b10',
};

/** The JSON bodies sent to `path`, in order. */
export function bodiesSentTo(
  fetchMock: { mock: { calls: Parameters<typeof fetch>[] } },
  path: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).split('?')[0] === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

export function callsTo(fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }, path: string): string[] {
  return fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.split('?')[0] === path);
}

export async function findElsewhere(): Promise<string> {
  return (await screen.findByTestId('elsewhere')).textContent ?? '';
}
