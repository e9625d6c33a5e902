import { embedSnippet, type EmbedGrant, type ReportDocument } from '@maya/contracts';
import { ActionIcon, Badge, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '../../../../shared/ui/icons';
import { RevocableList, type RevocableRow } from '../../../../shared/ui/RevocableList';
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
function grantRow(grant: EmbedGrant, title: string, document: ReportDocument | null): RevocableRow {
  const summary = embedViewSummary(document, grant.state);
  return {
    name: summary,
    badges: (
      <>
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
      </>
    ),
    details: [
      text.createdBy(formatInstant(grant.created_at), creator(grant)),
      expiry(grant),
      grant.last_used_at === null ? text.neverUsed : text.lastUsed(formatInstant(grant.last_used_at)),
    ],
    actions: grant.status === 'active' && (
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
    ),
  };
}

const listText = {
  label: text.listTitle,
  empty: text.listEmpty,
  loadFailed: text.listFailed,
  revoke: text.revoke,
  revokeTitle: text.revokeTitle,
  revokeMessage: text.revokeMessage,
  revokeFailed: text.revokeFailed,
};

/** The report's embed links not revoked, newest first, each with Revoke (confirmed). */
export function EmbedGrantList({ organizationId, reportSlug, title, document }: EmbedGrantListProps) {
  const report = { organizationId, reportSlug };
  const grants = useEmbedGrants(report);
  const revoke = useRevokeEmbedGrant(report);
  return (
    <RevocableList
      list={{ isPending: grants.isPending, isError: grants.isError, data: grants.data?.embeds }}
      revoke={revoke}
      row={(grant) => grantRow(grant, title, document)}
      text={listText}
    />
  );
}
