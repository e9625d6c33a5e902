import type { ReportPage } from '@maya/contracts';
import { Badge, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronDown, IconRefresh } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { preloadOnIntent } from '../../../shared/ui/onDemand';
import { reportMessages } from '../messages';
import { FilterSections } from './filters/FiltersPane';
import { useNarrowScreen } from '../../../shared/hooks/useNarrowScreen';
import { IconFilter, IconPages } from './icons';
import { ToolbarButton, useReloadReport } from '../../../shared/report-view';

const { toolbar: text } = reportMessages;

export const PagesMenuOnDemand = menuOnDemand(() => import('./PagesMenu').then((m) => m.PagesMenu));

type DashboardToolbarProps = {
  pages: readonly ReportPage[];
  currentPage: string;
  onPage: (name: string) => void;
  /** The view is the document's own: Reset has nothing to do. */
  atDefaults: boolean;
  /** Null below 767 px, where the filters pane is not offered (spec 002 §2). */
  filters: { open: boolean; active: number; onToggle: () => void } | null;
  /** The right-aligned slot: bookmarks, save-as or embed, edit. */
  actions: ReactNode;
};

/**
 * The report toolbar (spec 002 §2): Pages, Reset and Filters; bookmarks and actions on the right.
 * On a phone it keeps to one row: the buttons show their icons, the menus (Pages, Bookmarks) hold
 * the rest.
 * Rendered inside the report's view context (Reset reloads through it).
 */
export function DashboardToolbar({
  pages,
  currentPage,
  onPage,
  atDefaults,
  filters,
  actions,
}: DashboardToolbarProps) {
  const current = pages.find((page) => page.name === currentPage);
  // Reset is the report's reload (spec 002 §4): the document's view, and no active bookmark.
  const reload = useReloadReport();
  const narrow = useNarrowScreen();
  return (
    <Group
      justify="space-between"
      gap="xs"
      role="toolbar"
      aria-label={text.label}
      wrap={narrow ? 'nowrap' : 'wrap'}
    >
      <Group gap="xs" wrap={narrow ? 'nowrap' : 'wrap'} miw={0} style={narrow ? { flex: 1 } : undefined}>
        <PagesMenuOnDemand
          pages={pages}
          currentPage={currentPage}
          onPage={onPage}
          target={
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPages size={16} />}
              rightSection={<IconChevronDown size={14} />}
              aria-label={`${text.pages}: ${current?.display_name ?? ''}`}
              // On a phone the page's name gives way to the buttons beside it (one row).
              miw={0}
            >
              {current?.display_name ?? text.pages}
            </Button>
          }
        />
        <ToolbarButton
          label={text.reset}
          icon={<IconRefresh size={16} />}
          onClick={reload}
          disabled={atDefaults}
        />
        {filters !== null && (
          <Button
            variant={filters.open ? 'light' : 'default'}
            size="sm"
            leftSection={<IconFilter size={16} />}
            rightSection={
              filters.active > 0 ? (
                <Badge size="xs" circle variant="filled" aria-label={text.activeFilters(filters.active)}>
                  {filters.active}
                </Badge>
              ) : null
            }
            aria-pressed={filters.open}
            onClick={filters.onToggle}
            {...preloadOnIntent(FilterSections)}
          >
            {text.filters}
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap={narrow ? 'nowrap' : 'wrap'} justify="flex-end">
        {actions}
      </Group>
    </Group>
  );
}
