import type { PageExportFormat } from '@maya/contracts';
import { Menu } from '@mantine/core';
import { IconCalendar, IconDownload, IconFileText } from '../../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../../shared/ui/MenuOnDemand';
import { exportMessages as text } from './messages';

type ExportMenuProps = OnDemandMenuProps & {
  onExport: (format: PageExportFormat) => void;
  onSchedule: () => void;
};

/**
 * The toolbar's Export menu: the page as PNG or PDF, and scheduled delivery (loaded on demand).
 * Like every menu it opens with its first item focused (the theme's Menu default).
 */
export function ExportMenu({ target, defaultOpened, onExport, onSchedule }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={230} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{text.download}</Menu.Label>
        <Menu.Item data-autofocus leftSection={<IconDownload size={16} />} onClick={() => onExport('png')}>
          {text.png}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => onExport('pdf')}>
          {text.pdf}
        </Menu.Item>
        <Menu.Label>{text.deliver}</Menu.Label>
        <Menu.Item leftSection={<IconCalendar size={16} />} onClick={onSchedule}>
          {text.schedule}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
