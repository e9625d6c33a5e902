import { Alert, Button, Skeleton, Stack, Tooltip } from '@mantine/core';
import type { ClusterCategory } from '@maya/contracts';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../../shared/ui/NotFoundPage';
import { IconPlus } from '../../../../shared/ui/icons';
import { useCurrentOrganization } from '../../../organizations';
import { useClusterCategory } from '../../hooks/useClusterQueries';
import { clustersMessages as text, detailTypeOr } from '../../messages';
import { columnEditorPath, isClusterCategory } from '../../navigation';
import { ClustersLayout } from '../common/ClustersLayout';
import { ColumnList } from './ColumnList';

/**
 * /clusters/:clusterCategory (spec 001 §2): the category's cluster columns in their tab, reordered
 * by drag, deleted, or added with Add Cluster up to the server's maximum.
 */
export function ClusterListPage() {
  const { clusterCategory } = useParams();
  const organization = useCurrentOrganization();
  if (!isClusterCategory(clusterCategory)) return <NotFoundPage embedded />;
  if (organization === null) return null;
  return (
    <ClusterList
      key={clusterCategory}
      organizationId={organization.id}
      slug={organization.slug}
      category={clusterCategory}
      demo={organization.is_demo}
    />
  );
}

type ClusterListProps = { organizationId: string; slug: string; category: ClusterCategory; demo: boolean };

function ClusterList({ organizationId, slug, category, demo }: ClusterListProps) {
  const list = useClusterCategory(organizationId, category);
  const full = list.data !== undefined && list.data.columns.length >= list.data.max_columns;
  let add = null;
  if (list.data !== undefined && !demo) {
    add = full ? (
      <Tooltip label={text.maxReached}>
        <span>
          <Button leftSection={<IconPlus size={16} />} disabled>
            {text.addCluster}
          </Button>
        </span>
      </Tooltip>
    ) : (
      <Button
        component={Link}
        to={columnEditorPath(slug, category, crypto.randomUUID())}
        leftSection={<IconPlus size={16} />}
      >
        {text.addCluster}
      </Button>
    );
  }

  let content;
  if (list.isError) {
    content = (
      <Alert color="red" variant="light" title={detailTypeOr(list.error, text.loadFailed)}>
        <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  } else if (list.data === undefined) {
    content = (
      <Stack gap="sm" aria-label="Loading clusters">
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  } else {
    content = (
      <ColumnList
        organizationId={organizationId}
        slug={slug}
        category={category}
        columns={list.data.columns}
        readOnly={demo}
      />
    );
  }

  return (
    <ClustersLayout organizationId={organizationId} slug={slug} active={category} actions={add}>
      {content}
    </ClustersLayout>
  );
}
