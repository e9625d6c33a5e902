import type { EmbedTokenResponse, ReportDocument } from '@maya/contracts';
import { Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { CreateEmbedLink } from './CreateEmbedLink';
import { EmbedGrantList } from './EmbedGrantList';
import { embedMessages as text } from './messages';

type EmbedReportDialogProps = {
  organizationId: string;
  reportSlug: string;
  /** The report's name as the page shows it (the iframe's title). */
  title: string;
  /** The report's document: the list names each link's page and filters with it. */
  document: ReportDocument | null;
  /** The link just made, or null. */
  created: EmbedTokenResponse | null;
  pending: boolean;
  error: unknown;
  onCreate: (request: { expiresAt: string | null; allowFiltering: boolean }) => void;
  onClose: () => void;
};

/**
 * The report's embedding: a new link for the view on screen (its expiry, whether viewers may
 * filter), and the links made before, each with when, by whom, for which view, until when and when
 * last opened, and Revoke.
 */
export function EmbedReportDialog({
  organizationId,
  reportSlug,
  title,
  document,
  created,
  pending,
  error,
  onCreate,
  onClose,
}: EmbedReportDialogProps) {
  return (
    <Modal opened onClose={onClose} title={text.title} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.intro}
        </Text>
        <CreateEmbedLink
          title={title}
          created={created}
          pending={pending}
          error={error}
          onCreate={onCreate}
        />
        <Divider />
        <Title order={3} size="h6">
          {text.listTitle}
        </Title>
        <EmbedGrantList
          organizationId={organizationId}
          reportSlug={reportSlug}
          title={title}
          document={document}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
