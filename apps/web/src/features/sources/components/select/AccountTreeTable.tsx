import { ActionIcon, Avatar, Box, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { SelectableAccount } from '@maya/contracts';
import { useId, useMemo, useState } from 'react';
import { IconChevronRight } from '../../../../shared/ui/icons';
import { buildAccountTree, parentIds, visibleRows } from '../../accountTree';
import { sourcesMessages } from '../../messages';
import classes from './AccountTreeTable.module.css';

type AccountTreeTableProps = {
  accounts: readonly SelectableAccount[];
  selected: ReadonlySet<string>;
  disabled: ReadonlySet<string>;
  onToggle: (identifier: string) => void;
};

/** How far a child sits right of its parent; the chevron's box is as wide. */
const INDENT_PX = 28;

/**
 * The account tree of spec 001 §2 (integrations/add): columns Account Name and Account ID,
 * expandable parents, a checkbox on each account that can be connected (its name toggles it too).
 */
export function AccountTreeTable({ accounts, selected, disabled, onToggle }: AccountTreeTableProps) {
  const roots = useMemo(() => buildAccountTree(accounts), [accounts]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => parentIds(accounts));
  const rows = visibleRows(roots, expanded);
  // A flat list (Search Console properties) needs no room for chevrons.
  const isTree = roots.some((root) => root.children.length > 0);
  const baseId = useId();
  const { accountColumns } = sourcesMessages;

  const toggleExpanded = (identifier: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(identifier)) next.delete(identifier);
      else next.add(identifier);
      return next;
    });

  return (
    <Table verticalSpacing="xs" highlightOnHover className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{accountColumns.name}</Table.Th>
          <Table.Th className={classes.id}>{accountColumns.id}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ node, depth }, index) => {
          const { account, children } = node;
          const isParent = children.length > 0;
          const isOpen = expanded.has(account.identifier);
          const isDisabled = disabled.has(account.identifier);
          const thumbnail = account.metadata.thumbnail_url;
          const checkboxId = `${baseId}-${index}`;
          const hintId = `${checkboxId}-hint`;
          const canToggle = account.selectable && !isDisabled;
          return (
            <Table.Tr key={account.identifier}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" pl={depth * INDENT_PX}>
                  {isTree && (
                    <Box w={INDENT_PX} style={{ flexShrink: 0 }}>
                      {isParent && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-expanded={isOpen}
                          aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${account.name}`}
                          onClick={() => toggleExpanded(account.identifier)}
                        >
                          <IconChevronRight
                            size={16}
                            style={{
                              transform: isOpen ? 'rotate(90deg)' : 'none',
                              transition: 'transform 150ms',
                            }}
                          />
                        </ActionIcon>
                      )}
                    </Box>
                  )}
                  {account.selectable && (
                    <Checkbox
                      id={checkboxId}
                      aria-label={account.name}
                      aria-describedby={isDisabled ? hintId : undefined}
                      checked={selected.has(account.identifier)}
                      disabled={isDisabled}
                      onChange={() => onToggle(account.identifier)}
                    />
                  )}
                  {thumbnail !== null && <Avatar src={thumbnail} alt="" size={24} radius="sm" />}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text
                      size="sm"
                      fw={isParent ? 600 : 400}
                      c={isDisabled ? 'dimmed' : undefined}
                      className={classes.name}
                      {...(canToggle ? { component: 'label', htmlFor: checkboxId } : {})}
                    >
                      {account.name}
                    </Text>
                    {isDisabled && (
                      <Text size="xs" c="dimmed" id={hintId}>
                        {sourcesMessages.overlappedHint}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td className={classes.id}>
                <Text size="sm" c="dimmed">
                  {account.id_label}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
