import { Button, Code, Stack, Text, ThemeIcon } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CenteredPage } from '../../shared/ui/CenteredPage';

export const ERROR_TITLE = 'An error has occured';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The top-level fallback (spec 000 §8 "Top-level fallback", spelling kept). "Go Home" reloads the
 * app at `/` rather than navigating in place: the app may be in a broken state.
 */
export function ErrorPage({ error }: { error: unknown }) {
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

type ErrorBoundaryState = { error: unknown; failed: boolean };

/** Shows {@link ErrorPage} when anything below it throws while rendering. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
