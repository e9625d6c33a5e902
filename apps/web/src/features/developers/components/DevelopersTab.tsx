import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { DEVELOPER_CATEGORIES, can, unreachable, type DeveloperCategory } from '@maya/contracts';
import { AuthorizedAssistants } from '../../assistant-auth';
import { organizationPath, useCurrentOrganization } from '../../organizations';
import { developersMessages } from '../messages';
import { ApiKeysPanel } from './ApiKeysPanel';
import { Ga4Panel } from './Ga4Panel';
import { NotificationTokenPanel } from './NotificationTokenPanel';
import { SharedDatasetPanel } from './SharedDatasetPanel';

const DEFAULT_CATEGORY: DeveloperCategory = 'shared-dataset';
const isCategory = (value: string | null | undefined): value is DeveloperCategory =>
  DEVELOPER_CATEGORIES.some((category) => category === value);

function Category({
  category,
  organizationId,
  organizationSlug,
  canManage,
}: {
  category: DeveloperCategory;
  organizationId: string;
  organizationSlug: string;
  canManage: boolean;
}) {
  switch (category) {
    case 'shared-dataset':
      // The assistants authorized through the MCP server read this same dataset.
      return (
        <Stack gap="lg">
          <SharedDatasetPanel
            organizationId={organizationId}
            organizationSlug={organizationSlug}
            canManage={canManage}
          />
          <AuthorizedAssistants organizationId={organizationId} />
        </Stack>
      );
    case 'api-key':
      return <ApiKeysPanel organizationId={organizationId} canManage={canManage} />;
    case 'notification-token':
      return <NotificationTokenPanel organizationId={organizationId} canManage={canManage} />;
    case 'ga4':
      return <Ga4Panel organizationId={organizationId} />;
    default: {
      return unreachable(category);
    }
  }
}

/**
 * The Developers tab (spec 002 §2): settings/developers/{categorySlug}, shared-dataset by
 * default; an unknown category goes to the default one. Admins and owners change; members read.
 */
export function DevelopersTab({ categorySlug }: { categorySlug: string | undefined }) {
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  if (organization === null) return null;
  const categoryPath = (value: DeveloperCategory) =>
    organizationPath(organization.slug, `settings/developers/${value}`);
  if (categorySlug !== undefined && !isCategory(categorySlug)) {
    return <Navigate to={categoryPath(DEFAULT_CATEGORY)} replace />;
  }
  const category = categorySlug ?? DEFAULT_CATEGORY;
  const canManage = can({ role: organization.role, isDemo: organization.is_demo }, 'developers.manage');

  return (
    <Stack gap="lg" maw={760}>
      <Tabs
        variant="pills"
        value={category}
        onChange={(value) => {
          if (isCategory(value) && value !== category) void navigate(categoryPath(value));
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Developers" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          {DEVELOPER_CATEGORIES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {developersMessages.categories[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DEVELOPER_CATEGORIES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <Category
              category={value}
              organizationId={organization.id}
              organizationSlug={organization.slug}
              canManage={canManage}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
