import { Alert, Anchor, Box, Skeleton, Stack } from '@mantine/core';
import type { ClusterCategory } from '@maya/contracts';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../../shared/ui/NotFoundPage';
import { useCurrentOrganization } from '../../../organizations';
import { useClusterCategory, useClusterColumn, useWordGroups } from '../../hooks/useClusterQueries';
import { clustersMessages as text, detailTypeOr } from '../../messages';
import { clustersTabPath, isClusterCategory, isUuid } from '../../navigation';
import { ColumnEditor } from './ColumnEditor';

/**
 * /clusters/:clusterCategory/:columnId (spec 001 §2): the cluster editor. The id must be a UUID
 * and the category one of the standard list, else the not-found page; an id no column has yet is
 * a new column (Add Cluster makes one up).
 */
export function ColumnEditorPage() {
  const { clusterCategory, columnId } = useParams();
  const organization = useCurrentOrganization();
  if (!isClusterCategory(clusterCategory) || !isUuid(columnId)) return <NotFoundPage embedded />;
  if (organization === null) return null;
  return (
    <ColumnEditorLoader
      key={`${clusterCategory}/${columnId}`}
      organizationId={organization.id}
      readOnly={organization.is_demo}
      slug={organization.slug}
      category={clusterCategory}
      columnId={columnId.toLowerCase()}
    />
  );
}

type LoaderProps = {
  organizationId: string;
  slug: string;
  category: ClusterCategory;
  columnId: string;
  readOnly: boolean;
};

function ColumnEditorLoader({ organizationId, slug, category, columnId, readOnly }: LoaderProps) {
  const list = useClusterCategory(organizationId, category);
  const column = useClusterColumn(organizationId, category, columnId);
  const wordGroups = useWordGroups(organizationId);
  const failure = column.error ?? list.error ?? wordGroups.error;
  if (failure !== null) {
    return (
      <Box p={{ base: 'md', sm: 'xl' }} maw={720}>
        <Alert color="red" variant="light" title={detailTypeOr(failure, text.loadFailed)}>
          <Anchor component={Link} to={clustersTabPath(slug, category)} size="sm">
            {text.back}
          </Anchor>
        </Alert>
      </Box>
    );
  }
  if (list.data === undefined || column.data === undefined || wordGroups.data === undefined) {
    return (
      <Stack p={{ base: 'md', sm: 'xl' }} gap="md" aria-label="Loading cluster">
        <Skeleton height={44} maw={480} />
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  }
  return (
    <ColumnEditor
      organizationId={organizationId}
      slug={slug}
      category={category}
      columnId={columnId}
      column={column.data}
      list={list.data}
      wordGroups={wordGroups.data}
      readOnly={readOnly}
    />
  );
}
