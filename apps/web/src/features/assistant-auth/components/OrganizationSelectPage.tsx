import { unreachable } from '@maya/contracts';
import type { Organization } from '@maya/contracts';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { describeApiError } from '../../../shared/api/describeError';
import { isSignedIn } from '../../../shared/auth/session';
import { OrganizationAvatar, memberOrganizations, useUserOrganizations } from '../../organizations';
import { assistantAuthMessages as messages } from '../messages';
import { datasetSelectUrl, readAssistantParams } from '../navigation';
import { AssistantAuthLayout } from './AssistantAuthLayout';
import { ListState } from './ListState';
import { SearchField } from './SearchField';
import { SelectableItem } from './SelectableItem';
import { SignInRedirect } from './SignInRedirect';

function matches(organization: Organization, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    needle === '' ||
    organization.name.toLowerCase().includes(needle) ||
    organization.slug.toLowerCase().includes(needle)
  );
}

/** `/organization-select?mcp_auth_token&next` (spec 000 §2 Organization select). */
export function OrganizationSelectPage() {
  const [signedIn] = useState(isSignedIn);
  return signedIn ? <OrganizationSelect /> : <SignInRedirect />;
}

function OrganizationSelect() {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => readAssistantParams(searchParams), [searchParams]);
  const state = useUserOrganizations();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (state.status === 'unverified') return <Navigate to={state.verifyUrl} replace />;

  // Only the organizations the user belongs to: the demo one, listed for everybody, is nobody's
  // to hand to an assistant, and without it 'No Organizations Found' can show (decision 177).
  const organizations = state.status === 'ready' ? memberOrganizations(state.organizations) : [];
  const visible = organizations.filter((organization) => matches(organization, search));
  const selected = organizations.find((organization) => organization.id === selectedId) ?? null;
  const title =
    state.status === 'user-error' || state.status === 'organizations-error'
      ? messages.errorLoadingOrganizations
      : state.status === 'ready' && organizations.length === 0
        ? messages.noOrganizationsTitle
        : messages.selectOrganization;

  const list = () => {
    switch (state.status) {
      case 'loading':
        return <ListState kind="loading" label="Loading organizations" />;
      case 'user-error':
      case 'organizations-error':
        return <ListState kind="error" message={describeApiError(state.error)} />;
      case 'ready':
        if (organizations.length === 0) {
          return <ListState kind="empty" message={messages.noOrganizations} />;
        }
        return (
          <Stack gap="sm">
            <SearchField placeholder={messages.searchOrganizations} value={search} onChange={setSearch} />
            <Box mah={360} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
              <Stack gap="xs" p={2} role="list" aria-label="Organizations">
                {visible.map((organization) => (
                  <div role="listitem" key={organization.id}>
                    <SelectableItem
                      selected={organization.id === selectedId}
                      onToggle={() =>
                        setSelectedId((id) => (id === organization.id ? null : organization.id))
                      }
                      leftSection={
                        <OrganizationAvatar name={organization.name} slug={organization.slug} size={36} />
                      }
                    >
                      <Text fw={600} size="sm" c="dark.7" truncate="end">
                        {organization.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        @{organization.slug}
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
      default: {
        return unreachable(state);
      }
    }
  };

  return (
    <AssistantAuthLayout
      title={title}
      description={title === messages.selectOrganization ? messages.selectOrganizationHint : undefined}
      footer={
        <>
          <Text size="sm" c="dimmed" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {selected === null ? 'No organization selected' : `Selected: ${selected.name}`}
          </Text>
          <Button
            disabled={selected === null || !params.complete}
            onClick={() => selected !== null && void navigate(datasetSelectUrl(params, selected.id))}
          >
            {messages.authorize}
          </Button>
        </>
      }
    >
      {!params.complete && (
        <Alert color="orange" variant="light" role="alert">
          {messages.incompleteLink}
        </Alert>
      )}
      {list()}
    </AssistantAuthLayout>
  );
}
