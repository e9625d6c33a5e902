import { ActionIcon, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { normalizedPagespeedUrl, type PagespeedUrl } from '@maya/contracts';
import { IconTrash } from '../../../shared/ui/icons';
import { pagespeedText as text } from '../messages';
import type { Visits } from '../model/editor';

/**
 * The URLs as text fields, each with its message under it, its visits beside it (the page's
 * organic search clicks; nothing for a page typed in that has none known yet) and a remove button.
 */
export function UrlRows({
  rows,
  errors,
  visits,
  readOnly,
  onEdit,
  onRemove,
}: {
  rows: readonly PagespeedUrl[];
  errors: readonly (string | null)[];
  /** Null: the organization has no source of visits. */
  visits: Visits | null;
  readOnly: boolean;
  onEdit: (uuid: string, url: string) => void;
  onRemove: (uuid: string) => void;
}) {
  return (
    <Stack gap="xs">
      {visits !== null && (
        <Group justify="flex-end" pr={readOnly ? 0 : 44} mb={-4}>
          <Text size="xs" c="dimmed" ta="right" aria-hidden>
            {text.visitsHeader(visits.days)}
          </Text>
        </Group>
      )}
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
          {visits !== null && (
            <Clicks clicks={visits.clicks.get(normalizedPagespeedUrl(row.url_link)) ?? null} />
          )}
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

/** A row's clicks, right-aligned beside its field: a number to compare down the list. */
function Clicks({ clicks }: { clicks: number | null }) {
  return (
    <Text
      size="sm"
      c={clicks === null ? 'dimmed' : 'gray.8'}
      w={{ base: 64, sm: 112 }}
      ta="right"
      lh="36px"
      style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
      title={clicks === null ? undefined : text.clicks(clicks)}
    >
      {clicks === null ? '–' : text.clicksShort(clicks)}
      <VisuallyHidden>{clicks === null ? text.noClicksKnown : text.clicksSuffix}</VisuallyHidden>
    </Text>
  );
}
