import type { Dataset } from '@maya/contracts';
import { Alert, Box, Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isSignedIn } from '../../../shared/auth/session';
import { navigateExternal } from '../../../shared/lib/browser';
import { IconArrowLeft, IconDatabase } from '../../../shared/ui/icons';
import { useDatasets } from '../../organizations';
import { useCreateGrant } from '../hooks/useCreateGrant';
import { datasetsLoadError, grantError, assistantAuthMessages as messages } from '../messages';
import { assistantCallbackUrl, organizationSelectUrl, readAssistantParams } from '../navigation';
import { AssistantAuthLayout } from './AssistantAuthLayout';
import { ListState } from './ListState';
import { SearchField } from './SearchField';
import { SelectableItem } from './SelectableItem';
import { SignInRedirect } from './SignInRedirect';

function matches(dataset: Dataset, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    needle === '' ||
    dataset.name.toLowerCase().includes(needle) ||
    dataset.description.toLowerCase().includes(needle)
  );
}

/** `/dataset-select?org_id&mcp_auth_token&next` (spec 000 §2 Dataset select). */
export function DatasetSelectPage() {
  const [signedIn] = useState(isSignedIn);
  return signedIn ? <DatasetSelect /> : <SignInRedirect />;
}

function DatasetSelect() {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => readAssistantParams(searchParams), [searchParams]);
  const datasets = useDatasets(params.orgId);
  const grant = useCreateGrant();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const all = datasets.data ?? [];
  const visible = all.filter((dataset) => matches(dataset, search));
  const selected = all.find((dataset) => dataset.id === selectedId) ?? null;
  const failed = datasets.isError;
  const empty = datasets.isSuccess && all.length === 0;
  const title = failed
    ? messages.errorLoadingDatasets
    : empty
      ? messages.noDatasetsTitle
      : messages.selectDataset;

  const authorize = () => {
    const { mcpAuthToken, next, orgId } = params;
    if (selected === null || mcpAuthToken === null || next === null || orgId === null) return;
    grant.mutate(
      { mcp_auth_token: mcpAuthToken, organization_id: orgId, dataset_id: selected.id },
      {
        onSuccess: (created) =>
          navigateExternal(
            assistantCallbackUrl(next, {
              mcpAuthToken,
              userId: created.user_id,
              orgId,
              datasetId: selected.id,
            }),
          ),
      },
    );
  };

  const list = () => {
    if (params.orgId === null)
      return (
        <Alert color="orange" variant="light">
          {messages.noOrganizationChosen}
        </Alert>
      );
    if (datasets.isPending) return <ListState kind="loading" label="Loading datasets" />;
    if (failed) return <ListState kind="error" message={datasetsLoadError(datasets.error)} />;
    if (empty) return <ListState kind="empty" message={messages.noDatasets} />;
    return (
      <Stack gap="sm">
        <SearchField placeholder={messages.searchDatasets} value={search} onChange={setSearch} />
        <Box mah={360} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
          <Stack gap="xs" p={2} role="list" aria-label="Datasets">
            {visible.map((dataset) => (
              <div role="listitem" key={dataset.id}>
                <SelectableItem
                  selected={dataset.id === selectedId}
                  onToggle={() => setSelectedId((id) => (id === dataset.id ? null : dataset.id))}
                  leftSection={
                    <ThemeIcon size={36} radius="md" variant="light" color="teal">
                      <IconDatabase size={20} />
                    </ThemeIcon>
                  }
                >
                  <Text fw={600} size="sm" c="dark.7">
                    {dataset.name}
                  </Text>
                  {dataset.description !== '' && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {dataset.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={4} ff="monospace" style={{ wordBreak: 'break-all' }}>
                    ID: {dataset.id}
                  </Text>
                </SelectableItem>
              </div>
            ))}
            {visible.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {messages.noMatches}
              </Text>
            )}
          </Stack>
        </Box>
      </Stack>
    );
  };

  return (
    <AssistantAuthLayout
      title={title}
      description={title === messages.selectDataset ? messages.selectDatasetHint : undefined}
      footer={
        <>
          <Anchor component={Link} to={organizationSelectUrl(params)} size="sm" fw={500}>
            <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
            Back
          </Anchor>
          <Button
            disabled={selected === null || !params.complete}
            loading={grant.isPending || grant.isSuccess}
            onClick={authorize}
          >
            {messages.authorizeDataset}
          </Button>
        </>
      }
    >
      {!params.complete && (
        <Alert color="orange" variant="light" role="alert">
          {messages.incompleteLink}
        </Alert>
      )}
      {grant.isError && (
        <Alert color="red" variant="light" role="alert">
          {grantError(grant.error)}
        </Alert>
      )}
      {list()}
    </AssistantAuthLayout>
  );
}
