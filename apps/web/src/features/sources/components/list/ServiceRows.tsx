import {
  ActionIcon,
  Box,
  Button,
  Flex,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ServiceAccount } from '@maya/contracts';
import { useState } from 'react';
import { formatDate } from '../../../../shared/lib/dates';
import { IconChevronRight, IconTarget } from '../../../../shared/ui/icons';
import type { ServiceWithAccounts } from '../../grouping';
import { accountCount, reconnectNeededLabel, sourcesMessages } from '../../messages';
import { serviceStatus } from '../../status';
import { ServiceLogo } from '../ServiceLogo';
import { AccountActions } from './AccountActions';
import { StatusBadge } from './StatusBadge';
import classes from './SourcesTable.module.css';

type ServiceRowsProps = {
  entry: ServiceWithAccounts;
  /** Null for demo organizations: no setup entries. */
  actions: {
    onReconnect: () => void;
    onDelete: (account: ServiceAccount) => void;
    /** The service's conversion settings; null for services without them. */
    onConversions: (() => void) | null;
  } | null;
};

function needsAttention(account: ServiceAccount): boolean {
  return account.sync_status === 'failed' || account.needs_reconnect;
}

/** A service row that expands to its accounts; services with problems start expanded. */
export function ServiceRows({ entry, actions }: ServiceRowsProps) {
  const { service, accounts } = entry;
  const [expanded, setExpanded] = useState(() => accounts.some(needsAttention));
  const { status, failedCount } = serviceStatus(accounts);
  const count = accountCount(accounts.length);
  const reconnects = accounts.filter((account) => account.needs_reconnect).length;

  return (
    <>
      <Table.Tr bg="gray.0">
        <Table.Td>
          <UnstyledButton
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-label={[service.name, count, reconnects > 0 ? reconnectNeededLabel(reconnects) : null]
              .filter(Boolean)
              .join(', ')}
            w="100%"
          >
            <Group gap="sm" wrap="nowrap">
              <IconChevronRight
                size={16}
                color="var(--mantine-color-gray-6)"
                style={{
                  flexShrink: 0,
                  transform: expanded ? 'rotate(90deg)' : 'none',
                  transition: 'transform 150ms ease',
                }}
              />
              <ServiceLogo service={service} size={26} />
              <Flex columnGap="sm" rowGap={0} wrap="wrap" align="baseline" style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {service.name}
                </Text>{' '}
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {count}
                </Text>{' '}
                {reconnects > 0 && (
                  <Text size="xs" c="orange.8" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {reconnectNeededLabel(reconnects)}
                  </Text>
                )}
              </Flex>
            </Group>
          </UnstyledButton>
        </Table.Td>
        <Table.Td>
          <StatusBadge status={status} failedCount={failedCount} />
        </Table.Td>
        <Table.Td className={classes.date} />
        <Table.Td>
          {actions?.onConversions && (
            <Box ta="right">
              <Tooltip label={sourcesMessages.conversions.openLabel(service.name)} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={sourcesMessages.conversions.openLabel(service.name)}
                  onClick={actions.onConversions}
                >
                  <IconTarget size={18} />
                </ActionIcon>
              </Tooltip>
            </Box>
          )}
        </Table.Td>
      </Table.Tr>
      {expanded &&
        accounts.map((account) => (
          <AccountRow
            key={account.uuid}
            account={account}
            onReconnect={actions?.onReconnect ?? null}
            onDelete={actions === null ? null : () => actions.onDelete(account)}
          />
        ))}
    </>
  );
}

type AccountRowProps = {
  account: ServiceAccount;
  onReconnect: (() => void) | null;
  onDelete: (() => void) | null;
};

function AccountRow({ account, onReconnect, onDelete }: AccountRowProps) {
  const connectedOn = formatDate(account.connected_at);
  return (
    <Table.Tr>
      <Table.Td className={classes.account}>
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {account.id_label}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {`${sourcesMessages.columns.date}: ${connectedOn}`}
          </Text>
          {account.sync_status === 'failed' && account.sync_error !== null && (
            <Text size="xs" c="red.7">
              {account.sync_error}
            </Text>
          )}
          {account.backfill_percent !== null && account.sync_status !== 'failed' && (
            <Text size="xs" c="dark.4">
              {sourcesMessages.backfilling(account.backfill_percent)}
            </Text>
          )}
          {account.needs_reconnect && (
            <Group gap={6}>
              <Text size="xs" c="orange.8">
                {sourcesMessages.needsReconnect}
              </Text>
              {onReconnect !== null && (
                <Button size="compact-xs" variant="light" color="orange" onClick={onReconnect}>
                  {sourcesMessages.reconnect}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={account.sync_status} />
      </Table.Td>
      <Table.Td className={classes.date}>
        <Text size="sm" c="dark.4" style={{ whiteSpace: 'nowrap' }}>
          {connectedOn}
        </Text>
      </Table.Td>
      <Table.Td>
        {onReconnect !== null && onDelete !== null && (
          <Box ta="right">
            <AccountActions account={account} onReconnect={onReconnect} onDelete={onDelete} />
          </Box>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
