import { Button } from '@mantine/core';
import { describeApiError } from '../../../shared/api/describeError';
import { StatusScreen } from '../../../shared/ui/StatusScreen';

type LoadFailureProps = { title: string; error: unknown; onRetry: () => void };

/** A failed load: the spec's message as title, `Error {status}: {detail}` under it, and a retry. */
export function LoadFailure({ title, error, onRetry }: LoadFailureProps) {
  return (
    <StatusScreen
      title={title}
      message={describeApiError(error)}
      actions={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
