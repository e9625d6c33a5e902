import { Alert, Button, Group, List, Loader, Text } from '@mantine/core';
import type { PagespeedRun } from '@maya/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/dates';
import { IconChart, IconRefresh } from '../../../shared/ui/icons';
import { pagespeedText as text } from '../messages';

/** Failures listed at most; the rest are counted in the title. */
const MAX_LISTED = 8;

/** The last run's status, Measure now, and the way to the report. */
export function RunStatus({
  run,
  reportPath,
  canRun,
  running,
  onRun,
}: {
  run: PagespeedRun | null;
  reportPath: string;
  canRun: boolean;
  running: boolean;
  onRun: () => void;
}) {
  const busy = run?.status === 'queued' || run?.status === 'running';
  const day = run?.finished_at ? formatDate(run.finished_at) : '';
  let status = null;
  if (busy)
    status = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{run.status === 'queued' ? text.runQueued : text.runRunning}</Text>
      </Group>
    );
  else if (run?.status === 'finished') status = <Text size="sm">{text.runFinished(day, run.measured)}</Text>;
  else if (run?.status === 'failed')
    status = (
      <Text size="sm" c="red.8">
        {text.runFailed(day)}
      </Text>
    );
  return (
    <>
      <Group justify="space-between" gap="sm">
        <div>{status}</div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            disabled={!canRun || busy}
            loading={running}
            onClick={onRun}
          >
            {text.measureNow}
          </Button>
          <Button component={Link} to={reportPath} variant="light" leftSection={<IconChart size={16} />}>
            {text.openReport}
          </Button>
        </Group>
      </Group>
      {!busy && run !== null && run.failures.length > 0 && (
        <Alert color="yellow" variant="light" title={text.failuresTitle(run.failures.length)}>
          <List size="sm" spacing={4}>
            {run.failures.slice(0, MAX_LISTED).map((failure) => (
              <List.Item key={`${failure.url_link} ${failure.strategy}`}>
                {failure.url_link} ({failure.strategy}): {failure.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
