import { Alert, Box, Group, Skeleton, Tabs, Text, Title } from '@mantine/core';
import type { WORD_GROUPS_TAB } from '@maya/contracts';
import type { ClusterCategory } from '@maya/contracts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useClusterCategories } from '../../hooks/useClusterQueries';
import { clustersMessages as text, detailTypeOr } from '../../messages';
import { clustersTabPath } from '../../navigation';

type Tab = ClusterCategory | typeof WORD_GROUPS_TAB;

type ClustersLayoutProps = {
  organizationId: string;
  slug: string;
  active: Tab;
  /** Controls on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The clusters pages' frame: the title and the tabs of the server's categories with its labels,
 * the word groups last (spec 001 §2). A tab is a page: moving to another one is a navigation, which
 * a page with unsaved changes holds for confirmation.
 */
export function ClustersLayout({ organizationId, slug, active, actions, children }: ClustersLayoutProps) {
  const navigate = useNavigate();
  const categories = useClusterCategories(organizationId);
  let tabs: ReactNode;
  if (categories.isError) {
    tabs = (
      <Alert color="red" variant="light" mb="lg">
        {detailTypeOr(categories.error, text.loadFailed)}
      </Alert>
    );
  } else if (categories.data === undefined) {
    tabs = <Skeleton height={36} mb="xl" aria-label="Loading categories" />;
  } else {
    tabs = (
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = categories.data.categories.find((category) => category.id === value);
          if (tab !== undefined && tab.id !== active) void navigate(clustersTabPath(slug, tab.id));
        }}
        mb="xl"
      >
        {/* One row that scrolls sideways on narrow screens rather than wrapping under its underline. */}
        <Tabs.List
          aria-label={text.tabs}
          style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}
        >
          {categories.data.categories.map((tab) => (
            <Tabs.Tab key={tab.id} value={tab.id} px={{ base: 'xs', sm: 'md' }} style={{ flexShrink: 0 }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    );
  }
  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={1200}>
      <Group justify="space-between" align="flex-start" gap="md" mb="xs">
        <Title order={1} fz={28}>
          {text.title}
        </Title>
        {actions}
      </Group>
      <Text c="dimmed" size="sm" maw={720} mb="lg">
        {text.description}
      </Text>
      {tabs}
      {children}
    </Box>
  );
}
