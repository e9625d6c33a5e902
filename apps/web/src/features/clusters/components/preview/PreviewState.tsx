import { Center, Loader, Text } from '@mantine/core';

/** What a preview view shows instead of its data: loading, or a message (red for a failure). */
export function PreviewState({ message, failed = false }: { message: string | null; failed?: boolean }) {
  if (message === null) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading preview" />
      </Center>
    );
  }
  return (
    <Text size="sm" c={failed ? 'red.8' : 'dimmed'} ta="center" py="xl" role={failed ? 'alert' : undefined}>
      {message}
    </Text>
  );
}
