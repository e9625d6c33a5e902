import { Badge } from '@mantine/core';
import type { SyncStatus } from '@maya/contracts';
import { statusLabels } from '../../messages';

const STATUS_COLOR: Record<SyncStatus, string> = {
  failed: 'red',
  pending: 'gray',
  running: 'blue',
  finished: 'teal',
};

/** A sync status; a service's failed status carries how many of its accounts failed. */
export function StatusBadge({ status, failedCount = 0 }: { status: SyncStatus; failedCount?: number }) {
  const label = failedCount > 0 ? `${statusLabels[status]} (${failedCount})` : statusLabels[status];
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} radius="sm" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
