import { unreachable } from '@maya/contracts';
import type { Organization } from '@maya/contracts';
import { Button, Center, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlert, IconDatabase, IconPlug } from '../../../shared/ui/icons';
import { organizationPath } from '../../organizations';
import { sourcesPath, useServiceAccounts } from '../../sources';
import { reportMessages } from '../messages';
import { firstLoadState, type FailedAccount } from '../model/firstLoad';

const text = reportMessages.firstLoad;

type FirstLoadPanelProps = {
  organization: Pick<Organization, 'id' | 'slug' | 'is_etl_enabled'>;
  /** Asks for the report again: an account finished loading, so its data may be there. */
  onLoaded: () => void;
  /** The clock of the estimate; the browser's by default. */
  now?: () => Date;
};

function Card({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Center py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 36 }} maw={520} w="100%">
        <Stack align="center" gap="sm" ta="center" aria-label={text.label} role="region">
          <ThemeIcon size={52} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Text component="h1" m={0} fz="xl" fw={700} c="dark.7">
            {title}
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The failed accounts, each with its reason and what fixes it. */
function FailedAccounts({ accounts }: { accounts: readonly FailedAccount[] }) {
  return (
    <Stack gap="xs" w="100%" ta="left" role="list" aria-label={text.failedAccounts}>
      {accounts.map((account) => (
        <Paper key={account.uuid} withBorder radius="md" p="sm" bg="red.0" role="listitem">
          <Text size="sm" fw={600} c="dark.7">
            {account.name}
          </Text>
          {!account.needsReconnect && (
            <Text size="sm" c="dark.5">
              {account.reason ?? text.failed.noReason}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {account.needsReconnect ? text.failed.reconnect : text.failed.fix}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The dashboard before the organization's first data reaches it (decision 172): a call to connect
 * a source, the first load's progress with an estimate, or why it failed and how to fix it. The
 * accounts are read again every few seconds while they load; each one loaded asks for the report
 * again, which replaces this panel once the data is there.
 */
export function FirstLoadPanel({ organization, onLoaded, now = () => new Date() }: FirstLoadPanelProps) {
  const accounts = useServiceAccounts(organization.id);
  const state = accounts.data === undefined ? null : firstLoadState(accounts.data, now());
  const loaded = state?.kind === 'loading' ? state.loaded : 0;
  const seenLoaded = useRef(loaded);
  useEffect(() => {
    if (loaded > seenLoaded.current) onLoaded();
    seenLoaded.current = loaded;
  }, [loaded, onLoaded]);

  const toSources = sourcesPath(organization.slug);
  if (accounts.isError) {
    return (
      <Card icon={<IconAlert size={26} />} color="red" title={reportMessages.notReady.title}>
        <Text c="dimmed" size="sm" role="alert">
          {text.accountsFailed}
        </Text>
        <Button variant="light" size="sm" mt="xs" onClick={() => void accounts.refetch()}>
          {text.retry}
        </Button>
      </Card>
    );
  }
  if (state === null) return <Loader aria-label={reportMessages.loading} m="xl" />;

  switch (state.kind) {
    case 'no_source':
      return (
        <Card icon={<IconPlug size={26} />} color="indigo" title={text.noSource.title}>
          <Text c="dimmed" size="sm">
            {text.noSource.body}
          </Text>
          <Button component={Link} to={toSources} size="md" mt="xs">
            {text.noSource.action}
          </Button>
        </Card>
      );
    case 'loading': {
      const preparing = state.running.length === 0 && state.loaded > 0 && state.minutesLeft === null;
      return (
        <Card icon={<IconDatabase size={26} />} color="indigo" title={text.loading.title}>
          <Text c="dimmed" size="sm">
            {text.loading.body}
          </Text>
          <Stack gap={6} w="100%" mt="xs">
            <Progress
              value={Math.max(state.percent, 4)}
              animated
              striped
              size="lg"
              radius="xl"
              aria-label={text.loading.progress(state.loaded, state.total)}
            />
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} c="dark.6">
                {text.loading.progress(state.loaded, state.total)}
              </Text>
              <Text size="sm" c="dimmed">
                {state.minutesLeft !== null ? text.loading.minutesLeft(state.minutesLeft) : null}
              </Text>
            </Group>
          </Stack>
          {state.running.length > 0 && (
            <Text size="sm" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
              {text.loading.running(state.running)}
            </Text>
          )}
          {preparing ? (
            <>
              <Text size="sm" c="dimmed">
                {text.loading.preparing}
              </Text>
              <Button variant="light" size="sm" onClick={onLoaded}>
                {text.retry}
              </Button>
            </>
          ) : (
            state.minutesLeft === null && (
              <Text size="sm" c="dimmed">
                {text.loading.noEstimate}
              </Text>
            )
          )}
          {state.failed.length > 0 && (
            <>
              <Text size="sm" c="dark.6" mt="xs">
                {text.loading.someFailed}
              </Text>
              <FailedAccounts accounts={state.failed} />
            </>
          )}
        </Card>
      );
    }
    case 'failed': {
      const reconnect = state.failed.some((account) => account.needsReconnect);
      const loadAgain = organization.is_etl_enabled && !reconnect;
      return (
        <Card icon={<IconAlert size={26} />} color="red" title={text.failed.title}>
          <Text c="dimmed" size="sm">
            {text.failed.body}
          </Text>
          <FailedAccounts accounts={state.failed} />
          <Group justify="center" gap="sm" mt="xs">
            {loadAgain && (
              <Button component={Link} to={organizationPath(organization.slug, 'data-load')}>
                {text.failed.loadAgain}
              </Button>
            )}
            <Button component={Link} to={toSources} variant={loadAgain ? 'default' : 'filled'}>
              {text.failed.goToSources}
            </Button>
          </Group>
        </Card>
      );
    }
    default: {
      return unreachable(state);
    }
  }
}
