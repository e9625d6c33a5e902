import { embedSnippet, type EmbedGrant, type ReportDocument } from '@maya/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { IconCheck, IconCopy } from '../../../../shared/ui/icons';
import type { EmbedReportRef } from './api';
import { embedViewSummary, formatInstant } from './embedLink';
import { embedMessages as text } from './messages';
import { useEmbedGrants, useRevokeEmbedGrant } from './useEmbedGrants';

type EmbedGrantListProps = EmbedReportRef & {
  /** The report's name as the page shows it (the iframe's title). */
  title: string;
  document: ReportDocument | null;
};

function creator(grant: EmbedGrant): string | null {
  return grant.created_by === null ? null : (grant.created_by.name ?? grant.created_by.email);
}

function expiry(grant: EmbedGrant): string {
  if (grant.expires_at === null) return text.expiryNever;
  const when = formatInstant(grant.expires_at);
  return grant.status === 'expired' ? text.expiredOn(when) : text.expiresOn(when);
}

/** One grant: its view, who made it and when, how long it lasts, when it was last opened. */
function GrantRow({
  grant,
  title,
  document,
  onRevoke,
}: {
  grant: EmbedGrant;
  title: string;
  document: ReportDocument | null;
  onRevoke: () => void;
}) {
  const summary = embedViewSummary(document, grant.state);
  const details = [
    text.createdBy(formatInstant(grant.created_at), creator(grant)),
    expiry(grant),
    grant.last_used_at === null ? text.neverUsed : text.lastUsed(formatInstant(grant.last_used_at)),
  ];
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" aria-label={summary}>
      {/* On a phone the actions go under the text, which keeps the row's width. */}
      <Group justify="flex-end" align="center" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} c="dark.6" style={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
            {grant.status === 'expired' && (
              <Badge size="xs" variant="light" color="gray">
                {text.expired}
              </Badge>
            )}
            {grant.allow_filtering && (
              <Badge size="xs" variant="light" color="indigo">
                {text.filtering}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {details.join(' · ')}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {grant.status === 'active' && (
            <CopyButton value={embedSnippet(grant.embed_url, title)}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? text.copied : text.copyCode} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    aria-label={`${text.copyCode}: ${summary}`}
                    onClick={copy}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`${text.revoke}: ${summary}`}
            onClick={onRevoke}
          >
            {text.revoke}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The report's embed links not revoked, newest first, each with Revoke (confirmed). */
export function EmbedGrantList({ organizationId, reportSlug, title, document }: EmbedGrantListProps) {
  const report = { organizationId, reportSlug };
  const grants = useEmbedGrants(report);
  const revoke = useRevokeEmbedGrant(report);
  const [revoking, setRevoking] = useState<EmbedGrant | null>(null);

  if (grants.isPending) return <Loader size="sm" aria-label={text.listTitle} />;
  if (grants.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {text.listFailed}
      </Alert>
    );
  }
  const embeds = grants.data.embeds;
  return (
    <>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert">
          {text.revokeFailed}
        </Alert>
      )}
      {embeds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.listEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={text.listTitle}>
          {embeds.map((grant) => (
            <GrantRow
              key={grant.id}
              grant={grant}
              title={title}
              document={document}
              onRevoke={() => {
                revoke.reset();
                setRevoking(grant);
              }}
            />
          ))}
        </Stack>
      )}
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
