import { Center, Loader } from '@mantine/core';

/** A full-height spinner while a page decides what to show. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100dvh">
      <Loader aria-label={label} />
    </Center>
  );
}
