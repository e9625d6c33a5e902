import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlert, IconSearch } from '../../../shared/ui/icons';

type ListStateProps = { kind: 'loading'; label: string } | { kind: 'error' | 'empty'; message: string };

/** What stands in for a list that is loading, failed or empty (the card's title names the state). */
export function ListState(props: ListStateProps) {
  if (props.kind === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={props.label} />
      </Center>
    );
  }
  const Icon = props.kind === 'error' ? IconAlert : IconSearch;
  return (
    <Stack
      align="center"
      gap={6}
      py="xl"
      px="md"
      ta="center"
      role={props.kind === 'error' ? 'alert' : undefined}
      style={{ border: '1px dashed var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ThemeIcon size={40} radius="xl" variant="light" color={props.kind === 'error' ? 'red' : 'gray'}>
        <Icon size={20} />
      </ThemeIcon>
      <Text size="sm" c="dimmed" maw={380}>
        {props.message}
      </Text>
    </Stack>
  );
}
