import { ActionIcon, Menu } from '@mantine/core';
import type { ServiceAccount } from '@maya/contracts';
import { IconDots, IconRefresh, IconTrash } from '../../../../shared/ui/icons';
import { sourcesMessages } from '../../messages';

type AccountActionsProps = {
  account: ServiceAccount;
  onReconnect: () => void;
  onDelete: () => void;
};

/** An account's actions menu (spec 001 §2): Reconnect, Delete. */
export function AccountActions({ account, onReconnect, onDelete }: AccountActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${account.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconRefresh size={16} />} onClick={onReconnect}>
          {sourcesMessages.reconnect}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {sourcesMessages.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
