import { Alert, Box, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  modelling,
  PAGESPEED_REPORT_SLUG,
  pagespeedLimits,
  type PagespeedUrlsResponse,
} from '@maya/contracts';
import { useState } from 'react';
import { dashboardPath } from '../../../shared/organizations';
import { IconCheck, IconGauge, IconPlus } from '../../../shared/ui/icons';
import { showToast } from '../../../shared/ui/toast';
import { useCurrentOrganization } from '../../organizations';
import {
  usePagespeedUrls,
  useRunPagespeed,
  useSavePagespeedUrls,
  useTopPagespeedUrls,
} from '../hooks/usePagespeed';
import { loadFailure, pagespeedText as text, saveFailure } from '../messages';
import {
  addRow,
  canSave,
  editRow,
  loadedState,
  removeRow,
  rowErrors,
  toSave,
  visitsByPage,
  type EditorState,
} from '../model/editor';
import { RunStatus } from './RunStatus';
import { Suggestions } from './Suggestions';
import { UrlRows } from './UrlRows';

/** /pagespeed (spec 001 §2 PageSpeed): the editor of the organization's PageSpeed URLs. */
export function PagespeedPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return (
    <PagespeedLoader
      organizationId={organization.id}
      slug={organization.slug}
      readOnly={organization.is_demo}
    />
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={960}>
      <Title order={1} fz={28} mb="xs">
        {text.title}
      </Title>
      <Text c="dimmed" size="sm" maw={720} mb="lg">
        {text.description}
      </Text>
      {children}
    </Box>
  );
}

function PagespeedLoader({
  organizationId,
  slug,
  readOnly,
}: {
  organizationId: string;
  slug: string;
  readOnly: boolean;
}) {
  const urls = usePagespeedUrls(organizationId);
  if (urls.isError)
    return (
      <Frame>
        <Alert color="red" variant="light" title={loadFailure(urls.error)}>
          <Button size="xs" variant="white" color="red" onClick={() => void urls.refetch()}>
            {text.retry}
          </Button>
        </Alert>
      </Frame>
    );
  if (urls.data === undefined)
    return (
      <Frame>
        <Stack gap="sm" aria-label="Loading PageSpeed URLs">
          <Skeleton height={36} radius="md" />
          <Skeleton height={36} radius="md" />
        </Stack>
      </Frame>
    );
  return (
    <PagespeedEditor organizationId={organizationId} slug={slug} readOnly={readOnly} answer={urls.data} />
  );
}

type EditorProps = { organizationId: string; slug: string; readOnly: boolean; answer: PagespeedUrlsResponse };

function PagespeedEditor({ organizationId, slug, readOnly, answer }: EditorProps) {
  const [state, setState] = useState<EditorState>(() => loadedState(answer.urls));
  const save = useSavePagespeedUrls(organizationId);
  const run = useRunPagespeed(organizationId);
  // The visits beside each URL: the same answer as the suggestions (one request, one cache).
  const visits = visitsByPage(useTopPagespeedUrls(organizationId).data);
  const errors = rowErrors(state);
  const full = state.rows.length >= pagespeedLimits.maxUrls;
  const fail = (error: unknown) => showToast('error', saveFailure(error), { durationMs: modelling.toastMs });

  const onSave = () => {
    const sent = state;
    save.mutate(toSave(sent), {
      // A change typed while saving keeps the editor unsaved.
      onSuccess: (saved) => setState((now) => (now === sent ? loadedState(saved.urls) : now)),
      onError: fail,
    });
  };

  const saveButton = (
    <Button
      onClick={onSave}
      loading={save.isPending}
      disabled={!canSave(state)}
      variant={state.saved ? 'light' : 'filled'}
      leftSection={state.saved ? <IconCheck size={16} /> : undefined}
    >
      {state.saved ? text.saved : text.save}
    </Button>
  );

  return (
    <Frame>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" mb="sm" gap="sm">
            <Text size="sm" c="dimmed">
              {text.count(state.rows.length)}
            </Text>
            {!readOnly && (
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  disabled={full}
                  onClick={() => setState((now) => addRow(now))}
                >
                  {text.addUrl}
                </Button>
                {saveButton}
              </Group>
            )}
          </Group>
          {state.rows.length === 0 ? (
            <EmptyState
              variant="light"
              icon={<IconGauge size={28} />}
              title={text.emptyTitle}
              description={text.emptyDescription}
            />
          ) : (
            <UrlRows
              rows={state.rows}
              errors={errors}
              visits={visits}
              readOnly={readOnly}
              onEdit={(uuid, url) => setState((now) => editRow(now, uuid, url))}
              onRemove={(uuid) => setState((now) => removeRow(now, uuid))}
            />
          )}
        </Paper>
        <RunStatus
          run={answer.last_run}
          reportPath={dashboardPath(slug, PAGESPEED_REPORT_SLUG)}
          canRun={!readOnly && state.saved && answer.urls.length > 0}
          running={run.isPending}
          onRun={() => run.mutate(undefined, { onError: fail })}
        />
        {!readOnly && (
          <Suggestions
            organizationId={organizationId}
            listed={state.rows.map((row) => row.url_link)}
            full={full}
            onAdd={(url) => setState((now) => addRow(now, url))}
          />
        )}
      </Stack>
    </Frame>
  );
}
