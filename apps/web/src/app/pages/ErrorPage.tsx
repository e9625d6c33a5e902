import { Button, Code, Stack, Text, ThemeIcon } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CenteredPage } from '../../shared/ui/CenteredPage';

export const ERROR_TITLE = 'An error has occured';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's top-level errorElement (spec 000 §8 "Top-level fallback", spelling kept). "Go Home"
 * reloads the app at `/` rather than navigating in place: the router may be in a broken state.
 */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle(ERROR_TITLE);
  return (
    <CenteredPage>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden="true">
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 9v4M12 17h.01" />
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </ThemeIcon>
        <Text component="h1" m={0} fz={{ base: 'xl', sm: 26 }} fw={700} c="dark.7">
          {ERROR_TITLE}
        </Text>
        {import.meta.env.DEV && (
          <Code block maw="100%" style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>
            {describe(error)}
          </Code>
        )}
        <Button component="a" href="/" size="md" mt="sm">
          Go Home
        </Button>
      </Stack>
    </CenteredPage>
  );
}
