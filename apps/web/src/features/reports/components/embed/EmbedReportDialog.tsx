import { embedSnippet, type EmbedTokenResponse } from '@maya/contracts';
import { Alert, Button, CopyButton, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatDate } from '../../../../shared/lib/dates';
import { IconCheck, IconCopy, IconRefresh } from '../../../../shared/ui/icons';
import { embedErrorMessage, embedMessages as text } from './messages';

type EmbedReportDialogProps = {
  /** The report's name as the page shows it (the iframe's title). */
  title: string;
  /** The token just made, or null while it is made or when making it failed. */
  token: EmbedTokenResponse | null;
  pending: boolean;
  error: unknown;
  onNewLink: () => void;
  onClose: () => void;
};

/** DD/MM/YYYY HH:mm, local time. */
function formatExpiry(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The iframe code of the report under the view on screen, a copy button and when it expires. */
export function EmbedReportDialog({
  title,
  token,
  pending,
  error,
  onNewLink,
  onClose,
}: EmbedReportDialogProps) {
  const snippet = token === null ? null : embedSnippet(token.embed_url, title);
  return (
    <Modal opened onClose={onClose} title={text.title} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.intro}
        </Text>
        {pending && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text size="sm">{text.creating}</Text>
          </Group>
        )}
        {!pending && error !== null && (
          <Alert color="red" variant="light" role="alert">
            {embedErrorMessage(error)}
          </Alert>
        )}
        {!pending && token !== null && snippet !== null && (
          <>
            <Textarea
              label={text.snippetLabel}
              value={snippet}
              readOnly
              rows={4}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Text size="sm">{text.expires(formatExpiry(token.expires_at))}</Text>
          </>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            onClick={onNewLink}
            disabled={pending}
          >
            {text.newLink}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {text.close}
            </Button>
            {snippet !== null && !pending && (
              <CopyButton value={snippet}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? text.copied : text.copy}
                  </Button>
                )}
              </CopyButton>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
