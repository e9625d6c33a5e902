import { Paper, Skeleton, Stack } from '@mantine/core';
import { useCallback, useDeferredValue, type ReactNode } from 'react';
import { useReportAccess } from '../hooks/useReportAccess';
import { reportMessages } from '../messages';
import { dashboardErrorMessage } from '../model/errors';
import { DashboardNotReady } from './DashboardNotReady';
import { LoadedDashboard, type LoadedDashboardProps } from './LoadedDashboard';

export type DashboardProps = Omit<LoadedDashboardProps, 'access'> & {
  /** The report to open (an embed source ignores it: its token names the report). */
  slug: string;
  /** The message of a failed access; the spec's two by default (spec 002 §8). */
  errorMessage?: (error: unknown) => string;
  /**
   * What shows instead of 'Dashboard not ready' for a failed access (the first load's state, the
   * not-found page); null keeps 'Dashboard not ready'. `retry` asks for the report again.
   */
  failure?: (error: unknown, retry: () => void) => ReactNode | null;
};

/** The shape of a dashboard while its report loads: a header, a toolbar and a few cards. */
function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={reportMessages.loading}>
      <Skeleton h={30} w={180} radius="md" />
      <Skeleton h={36} w={320} radius="md" />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }}>
        {[0, 1, 2, 3].map((i) => (
          <Paper key={i} withBorder radius="lg" p="md" h={144}>
            <Skeleton h={12} w="50%" mb="md" />
            <Skeleton h={28} w="70%" mb="sm" />
            <Skeleton h={10} w="40%" />
          </Paper>
        ))}
      </div>
      <Skeleton h={300} radius="lg" />
    </Stack>
  );
}

/**
 * A report from its source: its access first ('Dashboard not ready' when it fails, spec 002 §8),
 * then the loaded dashboard.
 */
export function Dashboard({ errorMessage = dashboardErrorMessage, failure, ...props }: DashboardProps) {
  const access = useReportAccess(props.slug);
  const { refetch } = access;
  const retry = useCallback(() => void refetch(), [refetch]);
  // The loaded dashboard (toolbar, grid, every visual's card) mounts in a render React may pause,
  // so the browser paints and answers input meanwhile; the skeleton stays until it is done.
  const loaded = useDeferredValue(access.data);
  if (access.isPending || (access.isSuccess && loaded === undefined)) return <DashboardSkeleton />;
  if (access.isError) {
    return (
      failure?.(access.error, retry) ?? (
        <DashboardNotReady message={errorMessage(access.error)} onRetry={retry} />
      )
    );
  }
  const { slug: _slug, ...rest } = props;
  return <LoadedDashboard access={loaded ?? access.data} {...rest} />;
}
