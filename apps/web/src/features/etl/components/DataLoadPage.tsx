import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  etlRunSummary,
  type EtlLogDay,
  type EtlLogRun,
  type EtlProgress,
  type EtlRunStatus,
} from '@maya/contracts';
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentOrganization } from '../../organizations';
import { etlKeys } from '../api/keys';
import { formatRunMinutes, formatTotal } from '../duration';
import { useEtlLogs } from '../hooks/useEtlLogs';
import { useEtlProgress } from '../hooks/useEtlProgress';
import { useNextEtlTime } from '../hooks/useNextEtlTime';
import { useTriggerEtl } from '../hooks/useTriggerEtl';
import { LoadedData } from './LoadedData';
import { LookbackSettings } from './LookbackSettings';
import { etlMessages, logsFailedMessage, triggerFailedMessage } from '../messages';

const STATUS_COLOR: Record<EtlRunStatus, string> = { running: 'blue', finished: 'green', failed: 'red' };

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });

/**
 * /organization/:slug/data-load (spec 002 Data load): Load data now, the running load's progress
 * (polled while it runs), the next scheduled load and the history of runs grouped by date.
 */
export function DataLoadPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return <DataLoadContent organizationId={organization.id} />;
}

function DataLoadContent({ organizationId }: { organizationId: string }) {
  const queryClient = useQueryClient();
  const progress = useEtlProgress(organizationId);
  const next = useNextEtlTime(organizationId);
  const running = progress.data?.running === true;
  const logs = useEtlLogs(organizationId, running);
  const trigger = useTriggerEtl(organizationId);

  // When a run ends, its history entry and the next scheduled time change.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: etlKeys.logs(organizationId) });
      void queryClient.invalidateQueries({ queryKey: etlKeys.next(organizationId) });
      void queryClient.invalidateQueries({ queryKey: etlKeys.tables(organizationId) });
    }
    wasRunning.current = running;
  }, [running, organizationId, queryClient]);

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Group justify="space-between" align="center">
          <Title order={1} fz={28}>
            {etlMessages.title}
          </Title>
          <Button
            onClick={() => trigger.mutate()}
            disabled={running || !progress.isSuccess}
            loading={trigger.isPending}
          >
            {etlMessages.loadNow}
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          {etlMessages.description}
        </Text>
      </Stack>

      {trigger.isError && (
        <Alert color="red" variant="light">
          {triggerFailedMessage(trigger.error)}
        </Alert>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {etlMessages.progress}
          </Title>
          {progress.isPending ? (
            <Skeleton height={24} />
          ) : progress.isError ? (
            <Text c="red">{logsFailedMessage(progress.error)}</Text>
          ) : (
            <>
              <Group gap="sm" wrap="nowrap">
                <Progress
                  value={shownPoints(progress.data)}
                  flex={1}
                  size="lg"
                  striped={running}
                  animated={running}
                  aria-label={etlMessages.progress}
                />
                <Text fw={600} w={48} ta="right">
                  {progress.data.points}%
                </Text>
              </Group>
              <Text size="sm" c={running ? undefined : 'dimmed'}>
                {running || progress.data.description !== '' ? progress.data.description : etlMessages.idle}
              </Text>
            </>
          )}
          <Text size="sm">
            <Text span fw={600}>
              {etlMessages.nextEtlTime}:{' '}
            </Text>
            {next.isPending
              ? '…'
              : next.isError
                ? etlMessages.nextEtlTimeFailed
                : next.data.next_etl_time === null
                  ? etlMessages.notScheduled
                  : dateTime.format(new Date(next.data.next_etl_time))}
          </Text>
        </Stack>
      </Paper>

      <LoadedData organizationId={organizationId} />

      <LookbackSettings organizationId={organizationId} />

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {etlMessages.history}
        </Title>
        {logs.isPending ? (
          <Skeleton height={120} />
        ) : logs.isError ? (
          <Alert color="red" variant="light">
            {logsFailedMessage(logs.error)}
          </Alert>
        ) : logs.data.all_logs.length === 0 ? (
          <Text c="dimmed">{etlMessages.noHistory}</Text>
        ) : (
          <History days={logs.data.all_logs} />
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The bar's width: a running run shows at least a sliver, moving, from the moment it is queued
 * (at 0 % an animated bar would draw nothing and look stuck).
 */
const RUNNING_MIN_POINTS = 3;
function shownPoints({ running, points }: EtlProgress): number {
  return running ? Math.max(points, RUNNING_MIN_POINTS) : points;
}

/** An organization run's outcome from its counts; a first load (no counts) names its account. */
function runStep(run: EtlLogRun): string {
  return run.accounts === null ? run.step : etlRunSummary(run.accounts);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function History({ days }: { days: EtlLogDay[] }) {
  const total = sum(days.map((entry) => sum(entry.runs.map((run) => run.run_time))));
  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={600}>
          {etlMessages.totalRunTime}:{' '}
        </Text>
        {formatTotal(total)}
      </Text>
      {days.map((entry) => (
        <Paper key={entry.date} withBorder radius="md" component="section" aria-label={entry.date}>
          <Group justify="space-between" px="md" py="sm">
            <Text fw={600}>{day.format(new Date(`${entry.date}T00:00:00Z`))}</Text>
            <Text size="sm" c="dimmed">
              {etlMessages.totalRunTime}: {formatTotal(sum(entry.runs.map((run) => run.run_time)))}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{etlMessages.columns.started}</Table.Th>
                  <Table.Th>{etlMessages.columns.step}</Table.Th>
                  <Table.Th>{etlMessages.columns.runTime}</Table.Th>
                  <Table.Th>{etlMessages.columns.status}</Table.Th>
                  <Table.Th>{etlMessages.columns.error}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.runs.map((run) => (
                  <Table.Tr key={run.sync_started_at}>
                    <Table.Td>{time.format(new Date(run.sync_started_at))}</Table.Td>
                    <Table.Td>{runStep(run)}</Table.Td>
                    <Table.Td>{formatRunMinutes(run.run_time)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[run.status]} variant="light">
                        {etlMessages.status[run.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{run.error ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}
