import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** One row as the list shows it: its name, what it is, and any action besides Revoke. */
export type RevocableRow = {
  /** The row's accessible name, its bold title and the Revoke button's `Revoke: {name}`. */
  name: string;
  /** Before the text (an icon). */
  leading?: ReactNode;
  /** Beside the name (badges). */
  badges?: ReactNode;
  /** The grey line under the name, joined with ' · '. */
  details: readonly string[];
  /** Before Revoke (a copy button). */
  actions?: ReactNode;
};

export type RevocableListText = {
  /** The list's (and its loader's) accessible name. */
  label: string;
  empty: string;
  loadFailed: string;
  revoke: string;
  revokeTitle: string;
  revokeMessage: string;
  revokeFailed: string;
};

type RevocableListProps<T extends { id: string }> = {
  /** The list's query (TanStack Query's result fits). */
  list: { isPending: boolean; isError: boolean; data?: readonly T[] | undefined };
  /** The revoke mutation, called with the item's id (TanStack Query's mutation fits). */
  revoke: {
    isPending: boolean;
    isError: boolean;
    reset(): void;
    mutate(id: string, options: { onSettled: () => void }): void;
  };
  row: (item: T) => RevocableRow;
  text: RevocableListText;
};

/**
 * A list of things that give access (authorized assistants, embed links), each with Revoke behind
 * a confirmation; a failed revoke says so above the list. On a phone a row's actions go under its
 * text, which keeps the row's width.
 */
export function RevocableList<T extends { id: string }>({ list, revoke, row, text }: RevocableListProps<T>) {
  const [revoking, setRevoking] = useState<T | null>(null);

  const body = () => {
    if (list.isPending) return <Loader size="sm" aria-label={text.label} />;
    if (list.isError || list.data === undefined)
      return (
        <Alert color="red" variant="light" role="alert">
          {text.loadFailed}
        </Alert>
      );
    if (list.data.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      );
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={text.label}>
        {list.data.map((item) => {
          const shown = row(item);
          return (
            <Paper
              key={item.id}
              component="li"
              withBorder
              radius="md"
              px="sm"
              py="xs"
              aria-label={shown.name}
            >
              <Group justify="flex-end" align="center" gap="xs" wrap="wrap">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
                  {shown.leading}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600} c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                        {shown.name}
                      </Text>
                      {shown.badges}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {shown.details.join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {shown.actions}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`${text.revoke}: ${shown.name}`}
                    onClick={() => {
                      revoke.reset();
                      setRevoking(item);
                    }}
                  >
                    {text.revoke}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  };

  return (
    <>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert">
          {text.revokeFailed}
        </Alert>
      )}
      {body()}
      <ConfirmDialog
        opened={revoking !== null}
        title={text.revokeTitle}
        message={text.revokeMessage}
        confirmLabel={text.revoke}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking === null) return;
          revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
    </>
  );
}
