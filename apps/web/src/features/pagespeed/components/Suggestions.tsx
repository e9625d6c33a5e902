import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { normalizedPagespeedUrl } from '@maya/contracts';
import { IconPlus } from '../../../shared/ui/icons';
import { useTopPagespeedUrls } from '../hooks/usePagespeed';
import { pagespeedText as text } from '../messages';

/**
 * GET /pagespeed_urls/top: the organization's most visited pages (organic search clicks) that the
 * list lacks, each added with one click. Pages being edited in are left out as typed.
 */
export function Suggestions({
  organizationId,
  listed,
  full,
  onAdd,
}: {
  organizationId: string;
  listed: readonly string[];
  full: boolean;
  onAdd: (url: string) => void;
}) {
  const top = useTopPagespeedUrls(organizationId);
  if (top.isError) return null;
  const taken = new Set(listed.map(normalizedPagespeedUrl));
  const pages = top.data?.urls.filter((page) => !taken.has(normalizedPagespeedUrl(page.url_link))) ?? [];
  let body;
  if (top.data === undefined) body = <Skeleton height={60} radius="md" />;
  else if (top.data.source === null)
    body = (
      <Text size="sm" c="dimmed">
        {text.noSuggestionSource}
      </Text>
    );
  else if (pages.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {text.noSuggestions}
      </Text>
    );
  else
    body = (
      <Stack gap={6}>
        {pages.map((page) => (
          <Group key={page.url_link} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Anchor href={page.url_link} target="_blank" rel="noreferrer" size="sm" truncate="end">
                {page.url_link}
              </Anchor>
              <Text size="xs" c="dimmed">
                {text.clicks(page.clicks)}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={full}
              aria-label={text.addPage(page.url_link)}
              onClick={() => onAdd(page.url_link)}
            >
              {text.add}
            </Button>
          </Group>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb={2}>
        {text.suggestionsTitle}
      </Title>
      {top.data?.source != null && (
        <Text size="xs" c="dimmed" mb="sm">
          {text.suggestionsDescription(top.data.days)}
        </Text>
      )}
      {body}
    </Paper>
  );
}
