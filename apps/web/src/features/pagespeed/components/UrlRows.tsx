import { ActionIcon, Group, Stack, TextInput } from '@mantine/core';
import type { PagespeedUrl } from '@maya/contracts';
import { IconTrash } from '../../../shared/ui/icons';
import { pagespeedText as text } from '../messages';

/** The URLs as text fields, each with its message under it and a remove button. */
export function UrlRows({
  rows,
  errors,
  readOnly,
  onEdit,
  onRemove,
}: {
  rows: readonly PagespeedUrl[];
  errors: readonly (string | null)[];
  readOnly: boolean;
  onEdit: (uuid: string, url: string) => void;
  onRemove: (uuid: string) => void;
}) {
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={row.uuid} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            aria-label={text.urlLabel(index + 1)}
            placeholder={text.placeholder}
            value={row.url_link}
            error={errors[index] ?? undefined}
            readOnly={readOnly}
            type="url"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onEdit(row.uuid, event.currentTarget.value)}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label={text.remove(index + 1)}
              onClick={() => onRemove(row.uuid)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
