import type { ReportPage } from '@maya/contracts';
import { Menu } from '@mantine/core';
import { IconCheck } from '../../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../../shared/ui/MenuOnDemand';
import { reportMessages } from '../messages';

type PagesMenuProps = OnDemandMenuProps & {
  pages: readonly ReportPage[];
  currentPage: string;
  onPage: (name: string) => void;
};

/** The toolbar's Pages menu (spec 002 §2): loaded on demand by `DashboardToolbar`. */
export function PagesMenu({ target, defaultOpened, pages, currentPage, onPage }: PagesMenuProps) {
  return (
    <Menu position="bottom-start" shadow="md" width={220} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{reportMessages.toolbar.pages}</Menu.Label>
        {pages.map((page) => (
          <Menu.Item
            key={page.name}
            onClick={() => onPage(page.name)}
            rightSection={page.name === currentPage ? <IconCheck size={14} /> : null}
            fw={page.name === currentPage ? 600 : undefined}
          >
            {page.display_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
