import {
  ActionIcon,
  Box,
  Collapse,
  Divider,
  Indicator,
  NavLink,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentOrganization, useOrganizations } from '../../features/organizations';
import { useReportList } from '../../features/reports';
import { sourcesWarningLabel, useServiceAccountWarnings } from '../../features/sources';
import { IconAlert, IconChevronDown, IconExternal } from '../../shared/ui/icons';
import { TooltipOnDemand } from '../../shared/ui/TooltipOnDemand';
import {
  activeSectionKey,
  isItemActive,
  withDemoOrganization,
  withReports,
  type ReportList,
  type SidebarItem,
  type SidebarSection,
  type SidebarSectionKey,
} from './navigation';

type SidebarProps = {
  sections: SidebarSection[];
  /** The icon rail of a collapsed sidebar on a wide screen. */
  compact: boolean;
  /** Called when an item is followed (closes the overlay on narrow screens). */
  onNavigate: () => void;
};

/** The item that carries the warning icon of accounts with problems (spec 001 §2). */
const SOURCES_ITEM_KEY = 'sources';

/**
 * How many source accounts failed or need reconnecting, for the Sources item's warning icon.
 * Demo organizations have no Sources item, so nothing is asked for them.
 */
function useSourcesWarningCount(): number {
  const organization = useCurrentOrganization();
  const warnings = useServiceAccountWarnings(
    organization?.id ?? '',
    organization !== null && !organization.is_demo,
  );
  return warnings.data?.count ?? 0;
}

/** The warning count an item shows: only Sources has one. */
function warningsOf(entry: SidebarItem, sourcesWarnings: number): number {
  return entry.key === SOURCES_ITEM_KEY ? sourcesWarnings : 0;
}

/** The organization's reports (GET /reports) for the Reports and Custom Reports sections. */
function useReports(): ReportList {
  const organization = useCurrentOrganization();
  const { data, isError } = useReportList(organization?.id ?? '');
  return useMemo(() => {
    if (data !== undefined) return { status: 'ready', reports: data.reports };
    return isError ? { status: 'error' } : { status: 'loading' };
  }, [data, isError]);
}

/**
 * The sidebar (spec 002 §2): sections that open one at a time, or an icon rail when collapsed.
 * The reports sections are filled from the reports list.
 */
export function Sidebar({ sections: baseSections, compact, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const organization = useCurrentOrganization();
  const reports = useReports();
  const organizationSlug = organization?.slug ?? '';
  const demoSlug = useOrganizations().data?.find((o) => o.is_demo)?.slug ?? null;
  const sections = useMemo(
    () => withDemoOrganization(withReports(baseSections, organizationSlug, reports), demoSlug),
    [baseSections, organizationSlug, reports, demoSlug],
  );
  const sourcesWarnings = useSourcesWarningCount();
  const active = activeSectionKey(sections, pathname);
  const [open, setOpen] = useState<SidebarSectionKey | null>(active ?? sections[0]?.key ?? null);
  // Moving to a page of another section opens that section (React's "adjust state on change" pattern).
  const [seenActive, setSeenActive] = useState(active);
  if (active !== seenActive) {
    setSeenActive(active);
    if (active !== null) setOpen(active);
  }

  return (
    // A native scroll box: Mantine's ScrollArea would bring its positioning library into every page.
    <Box
      px={compact ? 'xs' : 'sm'}
      py="md"
      style={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        scrollbarWidth: 'thin',
        scrollbarColor: 'var(--mantine-color-gray-4) transparent',
      }}
    >
      <div>
        {compact ? (
          <Stack gap={4} align="center">
            {sections.map((section, index) => (
              <Stack key={section.key} gap={4} align="center" w="100%">
                {index > 0 && <Divider w="60%" my={6} />}
                {section.items.map((entry) => (
                  <RailItem
                    key={entry.key}
                    item={entry}
                    active={isItemActive(pathname, entry)}
                    warnings={warningsOf(entry, sourcesWarnings)}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Stack gap={6}>
            {sections.map((section) => (
              <SectionGroup
                key={section.key}
                section={section}
                opened={open === section.key}
                onToggle={() => setOpen((current) => (current === section.key ? null : section.key))}
                pathname={pathname}
                onNavigate={onNavigate}
                sourcesWarnings={sourcesWarnings}
              />
            ))}
          </Stack>
        )}
      </div>
    </Box>
  );
}

type SectionGroupProps = {
  section: SidebarSection;
  opened: boolean;
  onToggle: () => void;
  pathname: string;
  onNavigate: () => void;
  sourcesWarnings: number;
};

function SectionGroup({
  section,
  opened,
  onToggle,
  pathname,
  onNavigate,
  sourcesWarnings,
}: SectionGroupProps) {
  const panelId = useId();
  return (
    <div>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={panelId}
        w="100%"
        px="sm"
        py={8}
        style={{ display: 'flex', alignItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text size="xs" fw={700} tt="uppercase" c="gray.6" lts={0.8} style={{ flex: 1 }}>
          {section.label}
        </Text>
        <IconChevronDown
          size={14}
          color="var(--mantine-color-gray-5)"
          style={{ transform: opened ? 'none' : 'rotate(-90deg)', transition: 'transform 150ms ease' }}
        />
      </UnstyledButton>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap={2} pb="xs" role="list" aria-label={section.label}>
          {section.items.map((entry) => (
            <div role="listitem" key={entry.key}>
              <ItemLink
                item={entry}
                active={isItemActive(pathname, entry)}
                onNavigate={onNavigate}
                warnings={warningsOf(entry, sourcesWarnings)}
              />
            </div>
          ))}
        </Stack>
        {section.items.length === 0 && section.note !== null && (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {section.note}
          </Text>
        )}
      </Collapse>
    </div>
  );
}

const navLinkStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)', paddingBlock: 8 },
  label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' },
} as const;

/** An orange warning icon that names how many accounts need attention. */
function WarningIcon({ count }: { count: number }) {
  const label = sourcesWarningLabel(count);
  return (
    <TooltipOnDemand label={label} withArrow position="right">
      <ThemeIcon variant="transparent" color="orange" size="sm" role="img" aria-label={label}>
        <IconAlert size={16} />
      </ThemeIcon>
    </TooltipOnDemand>
  );
}

function ItemLink({
  item,
  active,
  onNavigate,
  warnings,
}: {
  item: SidebarItem;
  active: boolean;
  onNavigate: () => void;
  warnings: number;
}) {
  const Icon = item.icon;
  if (item.external) {
    return (
      <NavLink
        component="a"
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        label={item.label}
        leftSection={<Icon size={19} />}
        rightSection={<IconExternal size={14} color="var(--mantine-color-gray-5)" />}
        styles={navLinkStyles}
        onClick={onNavigate}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<Icon size={19} />}
      rightSection={warnings > 0 ? <WarningIcon count={warnings} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      styles={navLinkStyles}
      onClick={onNavigate}
    />
  );
}

function RailItem({ item, active, warnings }: { item: SidebarItem; active: boolean; warnings: number }) {
  const Icon = item.icon;
  const label = warnings > 0 ? `${item.label} (${sourcesWarningLabel(warnings)})` : item.label;
  const common = {
    size: 44,
    radius: 'md',
    variant: active ? 'light' : 'subtle',
    color: active ? 'indigo' : 'gray',
    'aria-label': label,
  } as const;
  const icon =
    warnings > 0 ? (
      <Indicator color="orange" size={9} offset={2} processing={false} withBorder>
        <Icon size={21} />
      </Indicator>
    ) : (
      <Icon size={21} />
    );
  return (
    <TooltipOnDemand label={label} position="right" withArrow openDelay={150}>
      {item.external ? (
        <ActionIcon {...common} component="a" href={item.to} target="_blank" rel="noopener noreferrer">
          <Icon size={21} />
        </ActionIcon>
      ) : (
        <ActionIcon {...common} component={Link} to={item.to} aria-current={active ? 'page' : undefined}>
          {icon}
        </ActionIcon>
      )}
    </TooltipOnDemand>
  );
}
