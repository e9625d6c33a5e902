import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '../../../../shared/ui/icons';
import { clustersMessages as text } from '../../messages';
import type { EditableWordGroup } from '../../model/wordGroups';
import { TermsInput } from './TermsInput';

type WordGroupCardProps = {
  group: EditableWordGroup;
  /** The name it is saved under when left empty ('Word group #n'). */
  defaultName: string;
  error: string | null;
  editing: boolean;
  readOnly: boolean;
  onChange: (group: EditableWordGroup) => void;
  onEdit: (editing: boolean) => void;
  onDelete: () => void;
};

const PREVIEW_TERMS = 12;

/** A word group: its name and term counts, or in edit mode its name, terms and exclude terms. */
export function WordGroupCard({
  group,
  defaultName,
  error,
  editing,
  readOnly,
  onChange,
  onEdit,
  onDelete,
}: WordGroupCardProps) {
  const name = group.name.trim() === '' ? defaultName : group.name;
  const remove = (
    <Tooltip label={group.deletion_protection ? text.protectedGroup : text.deleteWordGroup(name)}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={text.deleteWordGroup(name)}
        disabled={group.deletion_protection}
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  if (!editing || readOnly) {
    return (
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} truncate="end">
                {name}
              </Text>
              {group.has_references && (
                <Badge size="sm" variant="light" color="indigo">
                  {text.inUse}
                </Badge>
              )}
              {error !== null && (
                <Text size="xs" c="red.8">
                  {error}
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {text.termCount(group.terms.length)}
              {group.excludeTerms.length > 0 && ` · ${text.excludeCount(group.excludeTerms.length)}`}
            </Text>
            {group.terms.length > 0 && (
              <Text size="sm" c="dark.4" lineClamp={2}>
                {group.terms.slice(0, PREVIEW_TERMS).join(', ')}
                {group.terms.length > PREVIEW_TERMS && ', …'}
              </Text>
            )}
          </Stack>
          {!readOnly && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={text.editWordGroup(name)}
                onClick={() => onEdit(true)}
              >
                <IconPencil size={16} />
              </ActionIcon>
              {remove}
            </Group>
          )}
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" style={{ borderColor: 'var(--mantine-color-indigo-3)' }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <TextInput
            label={text.wordGroupName}
            placeholder={defaultName}
            value={group.name}
            error={error}
            style={{ flex: 1 }}
            data-autofocus
            onChange={(event) => onChange({ ...group, name: event.currentTarget.value })}
          />
          <Group gap={2} mt={26} wrap="nowrap">
            {remove}
          </Group>
        </Group>
        <TermsInput
          label={text.terms}
          terms={group.terms}
          onChange={(terms) => onChange({ ...group, terms })}
        />
        <TermsInput
          label={text.excludeTerms}
          terms={group.excludeTerms}
          onChange={(excludeTerms) => onChange({ ...group, excludeTerms })}
        />
        <Group justify="flex-end">
          <Button size="xs" variant="light" onClick={() => onEdit(false)}>
            {text.doneEditing}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
