import type { ReportPage } from '@maya/contracts';
import { Badge, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronDown, IconRefresh } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { preloadOnIntent } from '../../../shared/ui/onDemand';
import { useReloadReport } from '../../bookmarks';
import { reportMessages } from '../messages';
import { FilterSections } from './filters/FiltersPane';
import { IconFilter, IconPages } from './icons';

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
  return (
    <Group justify="space-between" gap="xs" role="toolbar" aria-label={text.label} wrap="wrap">
      <Group gap="xs" wrap="wrap">
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
            >
              {current?.display_name ?? text.pages}
            </Button>
          }
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} />}
          onClick={reload}
          disabled={atDefaults}
        >
          {text.reset}
        </Button>
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
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {actions}
      </Group>
    </Group>
  );
}
