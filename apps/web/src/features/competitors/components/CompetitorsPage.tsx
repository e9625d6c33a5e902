import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { COMPETITORS_REPORT_SLUG, modelling, type CompetitionReport } from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { dashboardPath } from '../../../shared/organizations';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { IconChart, IconPencil, IconPlus, IconTarget, IconTrash } from '../../../shared/ui/icons';
import { showToast } from '../../../shared/ui/toast';
import { useCurrentOrganization } from '../../organizations';
import { useCompetitionReports, useCountries, useDeleteCompetitionReport } from '../hooks/useCompetitors';
import { competitorsText as text, listFailure } from '../messages';
import { competitorPath } from '../navigation';
import { PageLayout } from '../../../shared/ui/PageLayout';

/** /competitors (spec 001 §2): the organization's competition reports. */
export function CompetitorsPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return (
    <CompetitorsList organizationId={organization.id} slug={organization.slug} demo={organization.is_demo} />
  );
}

function CompetitorsList({
  organizationId,
  slug,
  demo,
}: {
  organizationId: string;
  slug: string;
  demo: boolean;
}) {
  const list = useCompetitionReports(organizationId);
  const countries = useCountries();
  const remove = useDeleteCompetitionReport(organizationId);
  const [deleting, setDeleting] = useState<CompetitionReport | null>(null);
  const countryName = new Map((countries.data?.countries ?? []).map((c) => [c.code, c.name]));
  const columnName = new Map((list.data?.filter_columns ?? []).map((c) => [c.id, c]));
  const nameOf = (report: CompetitionReport) => report.account_name ?? text.unknownAccount;
  const filterOf = (report: CompetitionReport) => {
    const column = columnName.get(report.filter_column);
    const value = column?.values.find((v) => v.value === report.filter_value)?.label ?? report.filter_value;
    return `${column?.name ?? text.filterColumn}: ${value}`;
  };
  const add = demo ? null : (
    <Button
      component={Link}
      to={competitorPath(slug, crypto.randomUUID())}
      leftSection={<IconPlus size={16} />}
    >
      {text.addReport}
    </Button>
  );

  let content;
  if (list.error !== null) {
    content = (
      <Alert color="red" variant="light" title={listFailure(list.error)}>
        <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  } else if (list.data === undefined) {
    content = (
      <Stack gap="sm" aria-label="Loading competition reports">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  } else if (list.data.reports.length === 0) {
    content = (
      <Paper withBorder py={56} px="lg" radius="lg">
        <EmptyState
          variant="light"
          icon={<IconTarget size={28} />}
          title={text.emptyTitle}
          description={text.emptyDescription}
        />
      </Paper>
    );
  } else {
    content = (
      <Stack gap="sm">
        <ul aria-label={text.title} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'contents' }}>
          {list.data.reports.map((report) => (
            <li key={report.uuid}>
              <Paper withBorder radius="lg" p="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4} miw={0}>
                    <Anchor component={Link} to={competitorPath(slug, report.uuid)} fw={600} truncate="end">
                      {nameOf(report)}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {countryName.get(report.country_code) ?? report.country_code.toUpperCase()} ·{' '}
                      {filterOf(report)}
                      {report.own_domain === null ? '' : ` · ${report.own_domain}`}
                    </Text>
                    <Text size="sm" c={report.last_run?.status === 'failed' ? 'red.8' : undefined}>
                      {text.status(report.last_run)}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      component={Link}
                      to={competitorPath(slug, report.uuid)}
                      variant="subtle"
                      color="gray"
                      aria-label={text.edit(nameOf(report))}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    {!demo && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={text.remove(nameOf(report))}
                        onClick={() => setDeleting(report)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </ul>
        {list.data.reports.some((r) => r.last_run?.status === 'finished') && (
          <Group>
            <Button
              component={Link}
              to={dashboardPath(slug, COMPETITORS_REPORT_SLUG)}
              variant="light"
              leftSection={<IconChart size={16} />}
            >
              {text.openReport}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <PageLayout maw={960} title={text.title} description={text.description} actions={add}>
      {content}
      <ConfirmDialog
        opened={deleting !== null}
        title={text.removeTitle}
        message={text.removeBody}
        confirmLabel={text.removeConfirm}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting.uuid, {
            onSuccess: () => setDeleting(null),
            onError: () => {
              setDeleting(null);
              showToast('error', text.deleteFailed, { durationMs: modelling.toastMs });
            },
          });
        }}
        onCancel={() => setDeleting(null)}
      />
    </PageLayout>
  );
}
